/* SPDX-License-Identifier: MIT */

/*
 * Tests of the built-in tables: which functions and variables exist in
 * which version, profile, stage and with which extensions (each rule
 * checked on both sides), the signatures and types the lookups build,
 * the values of the gl_Max* constants, and a few shaders compiled from
 * source that rely on those rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes_io.h"
#include "glsl_builtins.h"
#include "glsl_builtin_test_util.h"
#include "glsl_compiler.h"

#define V IR_STAGE_VERTEX
#define G IR_STAGE_GEOMETRY
#define F IR_STAGE_FRAGMENT

static int
setup(void **state)
{
   *state = u_arena_create(NULL);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   u_arena_destroy(*state);
   return 0;
}

/* Whether @p name(@p params) exists in the environment. */
static bool
has(void **state, unsigned version, bool es, enum ir_stage stage,
    const char *exts, const char *name, const char *params)
{
   struct glsl_env env = test_env(version, es, stage, exts);
   return test_find_sig(*state, &env, name, params) != NULL;
}

static void
texture_needs_130(void **state)
{
   assert_false(has(state, 120, false, F, NULL, "texture", "sampler2D,vec2"));
   assert_true(has(state, 130, false, F, NULL, "texture", "sampler2D,vec2"));
   assert_true(has(state, 300, true, V, NULL, "texture", "sampler2D,vec2"));
   assert_false(has(state, 100, true, F, NULL, "texture", "sampler2D,vec2"));
   assert_true(has(state, 130, false, F, NULL, "texture", "isampler3D,vec3"));
}

static void
bias_only_in_fragment(void **state)
{
   assert_true(
      has(state, 130, false, F, NULL, "texture", "sampler2D,vec2,float"));
   assert_false(
      has(state, 130, false, V, NULL, "texture", "sampler2D,vec2,float"));
   assert_false(
      has(state, 150, false, G, NULL, "texture", "sampler2D,vec2,float"));
   assert_true(
      has(state, 110, false, F, NULL, "texture2D", "sampler2D,vec2,float"));
   assert_false(
      has(state, 110, false, V, NULL, "texture2D", "sampler2D,vec2,float"));
}

static void
texture_lod_rules(void **state)
{
   /* textureLod exists for sampler2DShadow but not samplerCubeShadow. */
   assert_true(has(state, 130, false, F, NULL, "textureLod",
                   "sampler2DShadow,vec3,float"));
   assert_false(has(state, 130, false, F, NULL, "textureLod",
                    "samplerCubeShadow,vec4,float"));
   /* The 1.10 Lod forms: vertex only, unless ARB_shader_texture_lod or
    * GLSL 1.30. */
   assert_true(
      has(state, 110, false, V, NULL, "texture2DLod", "sampler2D,vec2,float"));
   assert_false(
      has(state, 110, false, F, NULL, "texture2DLod", "sampler2D,vec2,float"));
   assert_true(has(state, 110, false, F, "GL_ARB_shader_texture_lod",
                   "texture2DLod", "sampler2D,vec2,float"));
   assert_true(
      has(state, 130, false, F, NULL, "texture2DLod", "sampler2D,vec2,float"));
   assert_false(
      has(state, 100, true, F, NULL, "texture2DLod", "sampler2D,vec2,float"));
   assert_true(
      has(state, 100, true, V, NULL, "texture2DLod", "sampler2D,vec2,float"));
   assert_true(has(state, 110, false, G, "GL_ARB_shader_texture_lod",
                   "texture2DGradARB", "sampler2D,vec2,vec2,vec2"));
   assert_false(has(state, 110, false, F, NULL, "texture2DGradARB",
                    "sampler2D,vec2,vec2,vec2"));
}

static void
rect_buffer_ms_forms(void **state)
{
   assert_true(
      has(state, 140, false, F, NULL, "texture", "sampler2DRect,vec2"));
   assert_false(
      has(state, 130, false, F, NULL, "texture", "sampler2DRect,vec2"));
   assert_false(
      has(state, 140, false, F, NULL, "texture", "sampler2DRect,vec2,float"));
   assert_false(has(state, 140, false, F, NULL, "textureLod",
                    "sampler2DRect,vec2,float"));
   assert_true(
      has(state, 140, false, F, NULL, "texelFetch", "isamplerBuffer,int"));
   assert_false(
      has(state, 130, false, F, NULL, "texelFetch", "samplerBuffer,int"));
   assert_false(
      has(state, 140, false, F, NULL, "texture", "samplerBuffer,float"));
   assert_true(has(state, 140, false, F, NULL, "textureSize", "samplerBuffer"));
   assert_true(
      has(state, 150, false, F, NULL, "texelFetch", "usampler2DMS,ivec2,int"));
   assert_false(
      has(state, 140, false, F, NULL, "texelFetch", "sampler2DMS,ivec2,int"));
   assert_false(has(state, 300, true, F, NULL, "texture", "sampler1D,float"));
}

static void
texture_rectangle_extension(void **state)
{
   assert_false(
      has(state, 110, false, F, NULL, "texture2DRect", "sampler2DRect,vec2"));
   assert_true(has(state, 110, false, F, "GL_ARB_texture_rectangle",
                   "texture2DRect", "sampler2DRect,vec2"));
   assert_true(has(state, 110, false, V, "GL_ARB_texture_rectangle",
                   "shadow2DRectProj", "sampler2DRectShadow,vec4"));
}

static void
old_forms_by_language(void **state)
{
   assert_true(has(state, 100, true, F, NULL, "texture2D", "sampler2D,vec2"));
   assert_false(has(state, 300, true, F, NULL, "texture2D", "sampler2D,vec2"));
   assert_false(has(state, 100, true, F, NULL, "texture3D", "sampler3D,vec3"));
   /* Piglit's glsl-1.50 tests use them in core shaders. */
   assert_true(has(state, 150, false, F, NULL, "texture2D", "sampler2D,vec2"));
   assert_true(has(state, 110, false, F, "GL_EXT_texture_array",
                   "texture2DArray", "sampler2DArray,vec3"));
   assert_false(
      has(state, 130, false, F, NULL, "texture2DArray", "sampler2DArray,vec3"));
}

static void
version_gated_functions(void **state)
{
   assert_false(has(state, 130, false, F, NULL, "inverse", "mat3"));
   assert_true(has(state, 140, false, F, NULL, "inverse", "mat3"));
   assert_true(has(state, 300, true, F, NULL, "inverse", "mat4"));
   assert_false(has(state, 100, true, F, NULL, "inverse", "mat4"));
   assert_false(has(state, 140, false, F, NULL, "determinant", "mat2"));
   assert_true(has(state, 150, false, F, NULL, "determinant", "mat2"));
   assert_false(has(state, 100, true, F, NULL, "round", "float"));
   assert_false(has(state, 100, true, F, NULL, "trunc", "vec2"));
   assert_true(has(state, 300, true, F, NULL, "round", "float"));
   assert_false(has(state, 120, false, F, NULL, "sinh", "float"));
   assert_true(has(state, 130, false, F, NULL, "atanh", "vec4"));
   assert_false(has(state, 110, false, F, NULL, "transpose", "mat2"));
   assert_true(has(state, 120, false, F, NULL, "outerProduct", "vec3,vec2"));
   assert_false(
      has(state, 110, false, F, NULL, "matrixCompMult", "mat2x3,mat2x3"));
   assert_true(
      has(state, 120, false, F, NULL, "matrixCompMult", "mat2x3,mat2x3"));
   assert_false(has(state, 120, false, F, NULL, "mix", "vec2,vec2,bvec2"));
   assert_true(has(state, 130, false, F, NULL, "mix", "vec2,vec2,bvec2"));
   assert_false(has(state, 120, false, F, NULL, "abs", "int"));
   assert_true(has(state, 130, false, F, NULL, "abs", "ivec3"));
   assert_true(has(state, 300, true, F, NULL, "packHalf2x16", "vec2"));
   assert_false(has(state, 330, false, F, NULL, "packHalf2x16", "vec2"));
}

static void
bit_encoding(void **state)
{
   assert_false(has(state, 130, false, F, NULL, "floatBitsToInt", "float"));
   assert_true(has(state, 330, false, F, NULL, "floatBitsToInt", "vec2"));
   assert_true(has(state, 130, false, V, "GL_ARB_shader_bit_encoding",
                   "uintBitsToFloat", "uvec4"));
   assert_true(has(state, 300, true, V, NULL, "intBitsToFloat", "int"));
}

static void
derivatives_fragment_only(void **state)
{
   assert_true(has(state, 110, false, F, NULL, "dFdx", "vec2"));
   assert_false(has(state, 110, false, V, NULL, "dFdx", "vec2"));
   assert_false(has(state, 100, true, F, NULL, "fwidth", "float"));
   assert_true(has(state, 100, true, F, "GL_OES_standard_derivatives", "fwidth",
                   "float"));
   assert_true(has(state, 300, true, F, NULL, "dFdy", "vec3"));
   assert_false(has(state, 330, false, F, NULL, "dFdxFine", "float"));
   assert_true(has(state, 330, false, F, "GL_ARB_derivative_control",
                   "dFdyCoarse", "vec4"));
   assert_false(has(state, 330, false, V, "GL_ARB_derivative_control",
                    "fwidthFine", "vec4"));
}

static void
stage_functions(void **state)
{
   assert_true(has(state, 150, false, G, NULL, "EmitVertex", ""));
   assert_false(has(state, 150, false, V, NULL, "EndPrimitive", ""));
   assert_true(has(state, 110, false, V, NULL, "ftransform", ""));
   assert_false(has(state, 110, false, F, NULL, "ftransform", ""));
   assert_false(has(state, 150, false, V, NULL, "ftransform", ""));
   assert_true(has(state, 110, false, V, NULL, "noise3", "vec2"));
   assert_false(has(state, 100, true, V, NULL, "noise1", "float"));
}

static void
signature_shape(void **state)
{
   struct glsl_env env = test_env(130, false, F, NULL);
   const struct glsl_function_sig *s =
      test_find_sig(*state, &env, "modf", "vec3,vec3");
   assert_non_null(s);
   assert_true(s->is_builtin);
   assert_string_equal(s->function->name, "modf");
   assert_int_equal(s->function->kind, GLSL_SYM_FUNCTION);
   assert_int_equal(s->params[0]->storage, GLSL_STORAGE_PARAM_IN);
   assert_int_equal(s->params[1]->storage, GLSL_STORAGE_PARAM_OUT);
   assert_ptr_equal(s->return_type, ir_type_from_name("vec3"));

   s = test_find_sig(*state, &env, "min", "ivec3,int");
   assert_non_null(s);
   assert_ptr_equal(s->return_type, ir_type_from_name("ivec3"));
   s = test_find_sig(*state, &env, "shadow2D", "sampler2DShadow,vec3");
   assert_ptr_equal(s->return_type, ir_type_from_name("vec4"));
   s = test_find_sig(*state, &env, "texture", "sampler2DShadow,vec3");
   assert_ptr_equal(s->return_type, ir_type_from_name("float"));
   s = test_find_sig(*state, &env, "textureSize", "samplerCube,int");
   assert_ptr_equal(s->return_type, ir_type_from_name("ivec2"));
   s = test_find_sig(*state, &env, "outerProduct", "vec3,vec2");
   assert_ptr_equal(s->return_type, ir_type_from_name("mat2x3"));
   s = test_find_sig(*state, &env, "transpose", "mat2x3");
   assert_ptr_equal(s->return_type, ir_type_from_name("mat3x2"));

   /* One shared function symbol whose sigs are the list. */
   struct glsl_function_sig *all =
      glsl_builtin_func_lookup("abs", &env, *state);
   assert_ptr_equal(all->function->sigs, all);
   assert_ptr_equal(all->next->function, all->function);
   assert_int_equal(test_count_sigs(*state, &env, "abs"), 8);
   env.version = 120;
   assert_int_equal(test_count_sigs(*state, &env, "abs"), 4);
   assert_null(glsl_builtin_func_lookup("no_such_function", &env, *state));
}

static void
function_exists(void **state)
{
   (void)state;
   struct glsl_env env = test_env(130, false, V, NULL);
   assert_true(glsl_builtin_func_exists("texture", &env));
   /* In some stage of the version: dFdx is a fragment function. */
   assert_true(glsl_builtin_func_exists("dFdx", &env));
   assert_false(glsl_builtin_func_exists("my_function", &env));
   env.version = 120;
   assert_false(glsl_builtin_func_exists("texture", &env));
}

static void
texel_offset_parameter(void **state)
{
   struct glsl_env env = test_env(130, false, F, NULL);
   assert_int_equal(
      glsl_builtin_tex_offset_param(test_find_sig(
         *state, &env, "textureOffset", "sampler2D,vec2,ivec2,float")),
      2);
   assert_int_equal(
      glsl_builtin_tex_offset_param(test_find_sig(
         *state, &env, "texelFetchOffset", "sampler2D,ivec2,int,ivec2")),
      3);
   assert_int_equal(glsl_builtin_tex_offset_param(test_find_sig(
                       *state, &env, "texture", "sampler2D,vec2")),
                    -1);
   assert_int_equal(glsl_builtin_tex_offset_param(
                       test_find_sig(*state, &env, "sin", "float")),
                    -1);
}

/* ---- Variables ---- */

static const struct glsl_builtin_var *
var(unsigned version, bool es, enum ir_stage stage, const char *exts,
    const char *name)
{
   struct glsl_env env = test_env(version, es, stage, exts);
   return glsl_builtin_var_lookup(name, &env);
}

static void
frag_outputs(void **state)
{
   (void)state;
   const struct glsl_builtin_var *v = var(110, false, F, NULL, "gl_FragColor");
   assert_non_null(v);
   assert_int_equal(v->kind, GLSL_BUILTIN_FRAG_RESULT);
   assert_int_equal(v->storage, GLSL_STORAGE_OUT);
   assert_true(v->broadcast_color);
   assert_null(var(110, false, V, NULL, "gl_FragColor"));
   assert_null(var(300, true, F, NULL, "gl_FragColor"));
   assert_non_null(var(140, false, F, NULL, "gl_FragData"));
   v = var(300, true, F, NULL, "gl_FragDepth");
   assert_int_equal(v->slot, IR_FRAG_RESULT_DEPTH);
   assert_int_equal(v->precision, GLSL_PRECISION_HIGH);
   assert_null(var(100, true, F, NULL, "gl_FragDepth"));
   assert_int_equal(var(100, true, F, NULL, "gl_FragColor")->precision,
                    GLSL_PRECISION_MEDIUM);
}

static void
per_stage_meaning(void **state)
{
   (void)state;
   const struct glsl_builtin_var *v = var(120, false, V, NULL, "gl_Color");
   assert_int_equal(v->kind, GLSL_BUILTIN_ATTRIBUTE);
   assert_int_equal(v->slot, GLSL_ATTRIB_COLOR);
   v = var(120, false, F, NULL, "gl_Color");
   assert_int_equal(v->kind, GLSL_BUILTIN_VARYING);
   assert_int_equal(v->storage, GLSL_STORAGE_IN);
   assert_int_equal(v->slot, IR_VARYING_SLOT_COL0);
   assert_null(var(150, false, V, NULL, "gl_Color"));
   v = var(150, false, G, NULL, "gl_PrimitiveID");
   assert_int_equal(v->storage, GLSL_STORAGE_OUT);
   assert_int_equal(v->slot, IR_VARYING_SLOT_PRIMITIVE_ID);
   v = var(150, false, F, NULL, "gl_PrimitiveID");
   assert_int_equal(v->kind, GLSL_BUILTIN_SYSTEM_VALUE);
   assert_int_equal(v->slot, IR_SYSTEM_VALUE_PRIMITIVE_ID);
   v = var(110, false, V, NULL, "gl_MultiTexCoord5");
   assert_int_equal(v->slot, GLSL_ATTRIB_MULTI_TEX_COORD0 + 5);
}

static void
system_values(void **state)
{
   (void)state;
   const struct glsl_builtin_var *v = var(130, false, V, NULL, "gl_VertexID");
   assert_int_equal(v->kind, GLSL_BUILTIN_SYSTEM_VALUE);
   assert_int_equal(v->slot, IR_SYSTEM_VALUE_VERTEX_ID);
   assert_null(var(120, false, V, NULL, "gl_VertexID"));
   assert_null(var(130, false, V, NULL, "gl_InstanceID"));
   assert_non_null(var(140, false, V, NULL, "gl_InstanceID"));
   assert_null(var(120, false, V, NULL, "gl_InstanceIDARB"));
   assert_non_null(
      var(120, false, V, "GL_ARB_draw_instanced", "gl_InstanceIDARB"));
   assert_int_equal(var(100, true, F, NULL, "gl_FragCoord")->precision,
                    GLSL_PRECISION_MEDIUM);
   assert_int_equal(var(300, true, F, NULL, "gl_FragCoord")->precision,
                    GLSL_PRECISION_HIGH);
   assert_true(var(150, false, F, NULL, "gl_FragCoord")->redeclarable);
   assert_null(var(110, false, F, NULL, "gl_PointCoord"));
   assert_non_null(var(120, false, F, NULL, "gl_PointCoord"));
}

static void
variable_types(void **state)
{
   struct glsl_limits limits;
   glsl_limits_default(&limits);
   limits.max_texture_coords = 5;
   limits.max_lights = 3;
   struct glsl_env env = test_env(120, false, V, NULL);
   env.limits = &limits;

   const struct glsl_builtin_var *v =
      glsl_builtin_var_lookup("gl_TexCoord", &env);
   const struct ir_type *t = glsl_builtin_var_type(v, &env, *state);
   assert_true(ir_type_is_array(t));
   assert_int_equal(t->length, 5);
   assert_ptr_equal(t->element, ir_type_from_name("vec4"));

   v = glsl_builtin_var_lookup("gl_LightSource", &env);
   t = glsl_builtin_var_type(v, &env, *state);
   assert_int_equal(t->length, 3);
   assert_int_equal(t->element->base, IR_TYPE_STRUCT);
   assert_string_equal(t->element->name, "gl_LightSourceParameters");
   assert_int_equal(t->element->num_fields, 12);
   assert_string_equal(t->element->fields[5].name, "spotDirection");
   assert_ptr_equal(t->element->fields[5].type, ir_type_from_name("vec3"));

   env.version = 130;
   v = glsl_builtin_var_lookup("gl_ClipDistance", &env);
   t = glsl_builtin_var_type(v, &env, *state);
   assert_true(ir_type_is_array(t));
   assert_int_equal(t->length, 0);

   env.version = 150;
   env.compat = false;
   env.stage = G;
   v = glsl_builtin_var_lookup("gl_in", &env);
   t = glsl_builtin_var_type(v, &env, *state);
   assert_int_equal(t->element->base, IR_TYPE_INTERFACE);
   assert_string_equal(t->element->name, "gl_PerVertex");
   assert_int_equal(t->element->num_fields, 3);
   env.compat = true;
   v = glsl_builtin_var_lookup("gl_in", &env);
   t = glsl_builtin_var_type(v, &env, *state);
   assert_string_equal(t->element->name, "gl_PerVertex");
   assert_string_equal(t->element->fields[8].name, "gl_TexCoord");

   env.es = true;
   env.version = 100;
   env.stage = F;
   v = glsl_builtin_var_lookup("gl_DepthRange", &env);
   assert_int_equal(v->kind, GLSL_BUILTIN_STATE_UNIFORM);
   assert_int_equal(v->slot, GLSL_STATE_DEPTH_RANGE);
   t = glsl_builtin_var_type(v, &env, *state);
   assert_string_equal(t->fields[2].name, "diff");
}

static void
compat_state_needs_compat(void **state)
{
   (void)state;
   struct glsl_env env = test_env(150, false, V, NULL);
   assert_null(glsl_builtin_var_lookup("gl_ModelViewMatrix", &env));
   assert_null(glsl_builtin_var_lookup("gl_Vertex", &env));
   assert_non_null(glsl_builtin_var_lookup("gl_DepthRange", &env));
   assert_null(glsl_builtin_struct_type("gl_FogParameters", &env, *state));
   env.compat = true;
   const struct glsl_builtin_var *v =
      glsl_builtin_var_lookup("gl_ModelViewProjectionMatrixInverse", &env);
   assert_int_equal(v->slot, GLSL_STATE_MVP_MATRIX_INVERSE);
   assert_non_null(glsl_builtin_var_lookup("gl_Vertex", &env));
   const struct ir_type *t =
      glsl_builtin_struct_type("gl_FogParameters", &env, *state);
   assert_non_null(t);
   assert_int_equal(t->num_fields, 5);
   /* gl_PerVertex is a block, not a type a shader may name. */
   assert_null(glsl_builtin_struct_type("gl_PerVertex", &env, *state));
}

static int32_t
const_value(void **state, const struct glsl_env *env, const char *name)
{
   const struct glsl_builtin_var *v = glsl_builtin_var_lookup(name, env);
   assert_non_null(v);
   assert_int_equal(v->kind, GLSL_BUILTIN_CONSTANT);
   struct ir_constant *c = glsl_builtin_var_constant(v, env, *state);
   assert_non_null(c);
   return c->values[0].i32;
}

static void
constants(void **state)
{
   struct glsl_limits limits;
   glsl_limits_default(&limits);
   limits.max_draw_buffers = 6;
   limits.max_vertex_output_components = 64;
   limits.min_program_texel_offset = -8;
   struct glsl_env env = test_env(130, false, F, NULL);
   env.limits = &limits;
   assert_int_equal(const_value(state, &env, "gl_MaxDrawBuffers"), 6);
   assert_int_equal(const_value(state, &env, "gl_MinProgramTexelOffset"), -8);
   assert_int_equal(const_value(state, &env, "gl_MaxClipDistances"),
                    (int)limits.max_clip_distances);
   assert_int_equal(const_value(state, &env, "gl_MaxLights"),
                    (int)limits.max_lights);
   env.version = 150;
   env.compat = false;
   assert_null(glsl_builtin_var_lookup("gl_MaxLights", &env));
   assert_int_equal(const_value(state, &env, "gl_MaxGeometryOutputVertices"),
                    (int)limits.max_geometry_output_vertices);
   env.version = 300;
   env.es = true;
   assert_int_equal(const_value(state, &env, "gl_MaxVertexOutputVectors"), 16);
   assert_null(glsl_builtin_var_lookup("gl_MaxVaryingFloats", &env));
   /* ESSL 3.00 replaced gl_MaxVaryingVectors by the Output/Input ones. */
   assert_null(glsl_builtin_var_lookup("gl_MaxVaryingVectors", &env));
   env.version = 100;
   assert_int_equal(const_value(state, &env, "gl_MaxVaryingVectors"),
                    (int)limits.max_varying_vectors);
   assert_null(glsl_builtin_var_lookup("gl_MaxVertexOutputVectors", &env));
   env.version = 120;
   env.es = false;
   assert_null(glsl_builtin_var_lookup("gl_MaxClipDistances", &env));
   assert_null(glsl_builtin_var_lookup("gl_NoSuchThing", &env));
}

/* ---- From source ---- */

static bool
compiles(enum ir_stage stage, const char *src, bool es)
{
   struct glsl_compile_options o = {
      .max_version = es ? 300 : 330,
      .es = es,
      .context_profile = GLSL_PROFILE_COMPAT,
   };
   struct glsl_shader *sh = glsl_compile_shader(stage, &src, 1, &o);
   assert_non_null(sh);
   bool ok = sh->ok;
   glsl_shader_destroy(sh);
   return ok;
}

static void
source_availability(void **state)
{
   (void)state;
   assert_true(
      compiles(F,
               "#version 130\nuniform sampler2D s;\n"
               "void main() { gl_FragColor = texture(s, vec2(0.0)); }\n",
               false));
   assert_false(compiles(F,
                         "#version 120\nuniform sampler2D s;\n"
                         "void main() { gl_FragColor = texture(s, vec2(0.0)); "
                         "}\n",
                         false));
   assert_false(compiles(F,
                         "#version 110\nuniform sampler2D s;\nvoid main() { "
                         "gl_FragColor = texture2DLod(s, vec2(0.0), 1.0); }\n",
                         false));
   assert_true(compiles(V,
                        "#version 110\nuniform sampler2D s;\nvoid main() { "
                        "gl_Position = texture2DLod(s, vec2(0.0), 1.0); }\n",
                        false));
   assert_false(compiles(F,
                         "#version 100\nprecision mediump float;\n"
                         "void main() { gl_FragColor = vec4(round(0.5)); }\n",
                         true));
   assert_true(compiles(F,
                        "#version 300 es\nprecision mediump float;\n"
                        "out vec4 c;\nvoid main() { c = vec4(round(0.5)); }\n",
                        true));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(texture_needs_130, setup, teardown),
      cmocka_unit_test_setup_teardown(bias_only_in_fragment, setup, teardown),
      cmocka_unit_test_setup_teardown(texture_lod_rules, setup, teardown),
      cmocka_unit_test_setup_teardown(rect_buffer_ms_forms, setup, teardown),
      cmocka_unit_test_setup_teardown(texture_rectangle_extension, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(old_forms_by_language, setup, teardown),
      cmocka_unit_test_setup_teardown(version_gated_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(bit_encoding, setup, teardown),
      cmocka_unit_test_setup_teardown(derivatives_fragment_only, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(stage_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(signature_shape, setup, teardown),
      cmocka_unit_test_setup_teardown(function_exists, setup, teardown),
      cmocka_unit_test_setup_teardown(texel_offset_parameter, setup, teardown),
      cmocka_unit_test_setup_teardown(frag_outputs, setup, teardown),
      cmocka_unit_test_setup_teardown(per_stage_meaning, setup, teardown),
      cmocka_unit_test_setup_teardown(system_values, setup, teardown),
      cmocka_unit_test_setup_teardown(variable_types, setup, teardown),
      cmocka_unit_test_setup_teardown(compat_state_needs_compat, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(constants, setup, teardown),
      cmocka_unit_test_setup_teardown(source_availability, setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
