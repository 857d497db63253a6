# SPDX-License-Identifier: MIT
"""The GLSL built-ins, declared once: functions, variables, constants and
the structs of the compatibility state, with where each exists.

Read by glsl_builtins_gen.py; this file is data and has no behaviour.

Availability
------------
A(...) says where something exists: desktop versions gl <= v < gl_max
(gl = 0: never on desktop), ES versions es <= v < es_max (es = 0: never
in ES), the stages ('v' vertex, 'g' geometry, 'f' fragment), compat=True
for the compatibility-only built-ins (glsl_env::compat) and ext= for an
extension that must be enabled (the version bounds still apply).  A
function signature or a variable row may list several A(); it exists if
any of them holds.

Functions
---------
func(op, 'RET name(PARAM, PARAM)', avails...) declares signatures; a
PARAM is "[out ]TYPE".  Generic type words expand together: genType,
genIType, genUType, genBType to float/int/uint/bool and their vec2-4;
vec, ivec, uvec, bvec to the vec2-4 forms only.  `op` names the
expansion (enum glsl_builtin_op, GLSL_BUILTIN_OP_<op>).

The texture functions are made by loops over the sampler table below,
following GLSL 1.30-3.30 and ESSL 3.00 section 8.7 (8.8 in 3.30) and the
1.10 / ESSL 1.00 forms (section 8.7 of those specifications).

Variables
---------
var(name, type, kind, storage, slot, avails..., ...) declares a
built-in variable or constant; rows of one name are tried in order and
the first that exists in the environment wins.  Array types are written
'vec4[max_texture_coords]' (sized by a field of struct glsl_limits),
'float[]' (unsized) or 'vec4[8]'.
"""

STAGES_ALL = 'vgf'


class A:
    def __init__(self, gl=0, es=0, gl_max=0, es_max=0, stages=STAGES_ALL,
                 compat=False, ext=None):
        self.gl, self.es, self.gl_max, self.es_max = gl, es, gl_max, es_max
        self.stages, self.compat, self.ext = stages, compat, ext

    def key(self):
        return (self.gl, self.gl_max, self.es, self.es_max, self.stages,
                self.compat, self.ext or '')

    def only(self, stages):
        return A(self.gl, self.es, self.gl_max, self.es_max,
                 ''.join(s for s in self.stages if s in stages),
                 self.compat, self.ext)


FUNCS = []   # (op, signature text, [A])
OPS = []     # op names in order of first use


def func(op, sig, *avails):
    if op not in OPS:
        OPS.append(op)
    FUNCS.append((op, sig, list(avails)))


# Availability shorthands.
V110 = A(gl=110, es=100)      # GLSL 1.10 and ESSL 1.00
V120 = A(gl=120, es=300)
V130 = A(gl=130, es=300)
V140 = A(gl=140, es=300)
V150 = A(gl=150, es=300)
DESKTOP110 = A(gl=110)
FRAG = 'f'

# --- 8.1 Angle and trigonometry ------------------------------------------
for f in ('radians', 'degrees', 'sin', 'cos', 'tan', 'asin', 'acos'):
    func(f.upper(), f'genType {f}(genType)', V110)
func('ATAN2', 'genType atan(genType, genType)', V110)
func('ATAN', 'genType atan(genType)', V110)
for f in ('sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh'):
    func(f.upper(), f'genType {f}(genType)', V130)

# --- 8.2 Exponential -------------------------------------------------------
func('POW', 'genType pow(genType, genType)', V110)
for f in ('exp', 'log', 'exp2', 'log2', 'sqrt', 'inversesqrt'):
    func(f.upper(), f'genType {f}(genType)', V110)

# --- 8.3 Common --------------------------------------------------------------
func('ABS', 'genType abs(genType)', V110)
func('ABS', 'genIType abs(genIType)', V130)
func('SIGN', 'genType sign(genType)', V110)
func('SIGN', 'genIType sign(genIType)', V130)
for f in ('floor', 'ceil', 'fract'):
    func(f.upper(), f'genType {f}(genType)', V110)
for f in ('trunc', 'round', 'roundEven'):
    func(f.upper(), f'genType {f}(genType)', V130)
func('MOD', 'genType mod(genType, float)', V110)
func('MOD', 'genType mod(genType, genType)', V110)
func('MODF', 'genType modf(genType, out genType)', V130)
for f in ('min', 'max'):
    func(f.upper(), f'genType {f}(genType, genType)', V110)
    func(f.upper(), f'genType {f}(genType, float)', V110)
    func(f.upper(), f'genIType {f}(genIType, genIType)', V130)
    func(f.upper(), f'genIType {f}(genIType, int)', V130)
    func(f.upper(), f'genUType {f}(genUType, genUType)', V130)
    func(f.upper(), f'genUType {f}(genUType, uint)', V130)
func('CLAMP', 'genType clamp(genType, genType, genType)', V110)
func('CLAMP', 'genType clamp(genType, float, float)', V110)
func('CLAMP', 'genIType clamp(genIType, genIType, genIType)', V130)
func('CLAMP', 'genIType clamp(genIType, int, int)', V130)
func('CLAMP', 'genUType clamp(genUType, genUType, genUType)', V130)
func('CLAMP', 'genUType clamp(genUType, uint, uint)', V130)
func('MIX', 'genType mix(genType, genType, genType)', V110)
func('MIX', 'genType mix(genType, genType, float)', V110)
func('MIX', 'genType mix(genType, genType, genBType)', V130)
func('STEP', 'genType step(genType, genType)', V110)
func('STEP', 'genType step(float, genType)', V110)
func('SMOOTHSTEP', 'genType smoothstep(genType, genType, genType)', V110)
func('SMOOTHSTEP', 'genType smoothstep(float, float, genType)', V110)
func('ISNAN', 'genBType isnan(genType)', V130)
func('ISINF', 'genBType isinf(genType)', V130)
BIT_ENCODING = [A(gl=330, es=300), A(gl=130, ext='GL_ARB_shader_bit_encoding')]
func('BITCAST', 'genIType floatBitsToInt(genType)', *BIT_ENCODING)
func('BITCAST', 'genUType floatBitsToUint(genType)', *BIT_ENCODING)
func('BITCAST', 'genType intBitsToFloat(genIType)', *BIT_ENCODING)
func('BITCAST', 'genType uintBitsToFloat(genUType)', *BIT_ENCODING)

# --- 8.4 Floating-point pack and unpack (ESSL 3.00) -------------------------
PACKING = [A(es=300), A(gl=130, ext='GL_ARB_shading_language_packing')]
func('PACK_SNORM_2X16', 'uint packSnorm2x16(vec2)', *PACKING)
func('UNPACK_SNORM_2X16', 'vec2 unpackSnorm2x16(uint)', *PACKING)
func('PACK_UNORM_2X16', 'uint packUnorm2x16(vec2)', *PACKING)
func('UNPACK_UNORM_2X16', 'vec2 unpackUnorm2x16(uint)', *PACKING)
func('PACK_HALF_2X16', 'uint packHalf2x16(vec2)', *PACKING)
func('UNPACK_HALF_2X16', 'vec2 unpackHalf2x16(uint)', *PACKING)

# --- 8.4/8.5 Geometric -------------------------------------------------------
func('LENGTH', 'float length(genType)', V110)
func('DISTANCE', 'float distance(genType, genType)', V110)
func('DOT', 'float dot(genType, genType)', V110)
func('CROSS', 'vec3 cross(vec3, vec3)', V110)
func('NORMALIZE', 'genType normalize(genType)', V110)
func('FTRANSFORM', 'vec4 ftransform()', A(gl=110, stages='v', compat=True))
func('FACEFORWARD', 'genType faceforward(genType, genType, genType)', V110)
func('REFLECT', 'genType reflect(genType, genType)', V110)
func('REFRACT', 'genType refract(genType, genType, float)', V110)

# --- 8.5/8.6 Matrix ----------------------------------------------------------
MATS = [(c, r) for c in (2, 3, 4) for r in (2, 3, 4)]


def matname(c, r):
    return f'mat{c}' if c == r else f'mat{c}x{r}'


for c, r in MATS:
    m = matname(c, r)
    square = c == r
    func('MATRIXCOMPMULT', f'{m} matrixCompMult({m}, {m})',
         V110 if square else V120)
    func('OUTERPRODUCT', f'{m} outerProduct(vec{r}, vec{c})', V120)
    func('TRANSPOSE', f'{matname(r, c)} transpose({m})', V120)
    if square:
        func('DETERMINANT', f'float determinant({m})', V150)
        func('INVERSE', f'{m} inverse({m})', V140)

# --- 8.6/8.7 Vector relational -----------------------------------------------
for f in ('lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual'):
    op = f.upper()
    func(op, f'bvec {f}(vec, vec)', V110)
    func(op, f'bvec {f}(ivec, ivec)', V110)
    func(op, f'bvec {f}(uvec, uvec)', V130)
for f in ('equal', 'notEqual'):
    op = f.upper()
    func(op, f'bvec {f}(vec, vec)', V110)
    func(op, f'bvec {f}(ivec, ivec)', V110)
    func(op, f'bvec {f}(bvec, bvec)', V110)
    func(op, f'bvec {f}(uvec, uvec)', V130)
func('ANY', 'bool any(bvec)', V110)
func('ALL', 'bool all(bvec)', V110)
func('NOT', 'bvec not(bvec)', V110)

# --- Derivatives (fragment only) ---------------------------------------------
DERIV = [A(gl=110, es=300, stages=FRAG),
         A(es=100, stages=FRAG, ext='GL_OES_standard_derivatives')]
for f in ('dFdx', 'dFdy', 'fwidth'):
    func(f.upper(), f'genType {f}(genType)', *DERIV)
DERIV_CONTROL = A(gl=110, stages=FRAG, ext='GL_ARB_derivative_control')
for f in ('dFdxFine', 'dFdyFine', 'dFdxCoarse', 'dFdyCoarse', 'fwidthFine',
          'fwidthCoarse'):
    func(f.upper(), f'genType {f}(genType)', DERIV_CONTROL)

# --- Noise (desktop; Indium returns 0) ---------------------------------------
func('NOISE1', 'float noise1(genType)', DESKTOP110)
func('NOISE2', 'vec2 noise2(genType)', DESKTOP110)
func('NOISE3', 'vec3 noise3(genType)', DESKTOP110)
func('NOISE4', 'vec4 noise4(genType)', DESKTOP110)

# --- Geometry shader functions -----------------------------------------------
func('EMITVERTEX', 'void EmitVertex()', A(gl=150, stages='g'))
func('ENDPRIMITIVE', 'void EndPrimitive()', A(gl=150, stages='g'))

# --- Texture lookup ----------------------------------------------------------
#
# Each variant: (IR tex op, projective, offset, bias).  The op names the
# expansion; the old 1.10 names map to the same variants.
TEX_VARIANTS = {
    'TEXTURE': ('TEX', False, False, False),
    'TEXTURE_BIAS': ('TXB', False, False, True),
    'TEXTURE_PROJ': ('TEX', True, False, False),
    'TEXTURE_PROJ_BIAS': ('TXB', True, False, True),
    'TEXTURE_LOD': ('TXL', False, False, False),
    'TEXTURE_PROJ_LOD': ('TXL', True, False, False),
    'TEXTURE_GRAD': ('TXD', False, False, False),
    'TEXTURE_PROJ_GRAD': ('TXD', True, False, False),
    'TEXTURE_OFFSET': ('TEX', False, True, False),
    'TEXTURE_OFFSET_BIAS': ('TXB', False, True, True),
    'TEXTURE_PROJ_OFFSET': ('TEX', True, True, False),
    'TEXTURE_PROJ_OFFSET_BIAS': ('TXB', True, True, True),
    'TEXTURE_LOD_OFFSET': ('TXL', False, True, False),
    'TEXTURE_PROJ_LOD_OFFSET': ('TXL', True, True, False),
    'TEXTURE_GRAD_OFFSET': ('TXD', False, True, False),
    'TEXTURE_PROJ_GRAD_OFFSET': ('TXD', True, True, False),
    'TEXEL_FETCH': ('TXF', False, False, False),
    'TEXEL_FETCH_OFFSET': ('TXF', False, True, False),
    'TEXTURE_SIZE': ('TXS', False, False, False),
}

# Samplers of GLSL 1.30+: (name without the g prefix, coordinate size
# (array layer included), gradient/offset size, size result, shadow, first
# desktop version, in ESSL 3.00, integer forms exist).
SAMPLERS = [
    ('sampler1D', 1, 1, 1, False, 130, False, True),
    ('sampler2D', 2, 2, 2, False, 130, True, True),
    ('sampler3D', 3, 3, 3, False, 130, True, True),
    ('samplerCube', 3, 3, 2, False, 130, True, True),
    ('sampler1DShadow', 1, 1, 1, True, 130, False, False),
    ('sampler2DShadow', 2, 2, 2, True, 130, True, False),
    ('samplerCubeShadow', 3, 3, 2, True, 130, True, False),
    ('sampler1DArray', 2, 1, 2, False, 130, False, True),
    ('sampler2DArray', 3, 2, 3, False, 130, True, True),
    ('sampler1DArrayShadow', 2, 1, 2, True, 130, False, False),
    ('sampler2DArrayShadow', 3, 2, 3, True, 130, True, False),
    ('sampler2DRect', 2, 2, 2, False, 140, False, True),
    ('sampler2DRectShadow', 2, 2, 2, True, 140, False, False),
    ('samplerBuffer', 1, 1, 1, False, 140, False, True),
    ('sampler2DMS', 2, 2, 2, False, 150, False, True),
    ('sampler2DMSArray', 3, 2, 3, False, 150, False, True),
]


def vtype(base, n):
    if n == 1:
        return {'f': 'float', 'i': 'int', 'u': 'uint'}[base]
    return {'f': 'vec', 'i': 'ivec', 'u': 'uvec'}[base] + str(n)


def new_style_textures():
    for (s, coord, grad, size, shadow, gl, in_es, has_int) in SAMPLERS:
        is_rect = 'Rect' in s
        is_buf = 'Buffer' in s
        is_ms = 'MS' in s
        is_cube = 'Cube' in s
        is_array = 'Array' in s
        # With the comparator for shadow forms.
        ccoord = coord + 1 if shadow else coord
        # sampler1DShadow takes vec3 (s, unused, ref) as in 1.10.
        if s == 'sampler1DShadow':
            ccoord = 3
        prefixes = [''] + (['i', 'u'] if has_int else [])
        for p in prefixes:
            samp = p + s
            ret = 'float' if shadow else (
                {'': 'vec4', 'i': 'ivec4', 'u': 'uvec4'}[p])
            av = A(gl=gl, es=300 if in_es else 0)
            avf = av.only(FRAG)
            c = vtype('f', ccoord)
            g = vtype('f', grad)
            o = vtype('i', grad)
            sz = vtype('i', size)
            lod_ok = not (is_rect or is_buf or is_ms)

            func('TEXTURE_SIZE', f'{sz} textureSize({samp}' +
                 (', int)' if lod_ok else ')'), av)
            if is_buf:
                func('TEXEL_FETCH', f'{ret} texelFetch({samp}, int)', av)
                continue
            if is_ms:
                func('TEXEL_FETCH',
                     f'{ret} texelFetch({samp}, {vtype("i", coord)}, int)', av)
                continue
            # texture
            func('TEXTURE', f'{ret} texture({samp}, {c})', av)
            if not is_rect and s != 'sampler2DArrayShadow':
                func('TEXTURE_BIAS', f'{ret} texture({samp}, {c}, float)', avf)
            # textureProj: not for cubes and arrays.
            if not is_cube and not is_array:
                projs = [coord + 1, 4] if not shadow else [4]
                for pc in sorted(set(projs)):
                    pv = vtype('f', pc)
                    func('TEXTURE_PROJ', f'{ret} textureProj({samp}, {pv})',
                         av)
                    func('TEXTURE_PROJ_GRAD',
                         f'{ret} textureProjGrad({samp}, {pv}, {g}, {g})', av)
                    func('TEXTURE_PROJ_GRAD_OFFSET',
                         f'{ret} textureProjGradOffset({samp}, {pv}, {g}, '
                         f'{g}, {o})', av)
                    func('TEXTURE_PROJ_OFFSET',
                         f'{ret} textureProjOffset({samp}, {pv}, {o})', av)
                    if not is_rect:
                        func('TEXTURE_PROJ_BIAS',
                             f'{ret} textureProj({samp}, {pv}, float)', avf)
                        func('TEXTURE_PROJ_OFFSET_BIAS',
                             f'{ret} textureProjOffset({samp}, {pv}, {o}, '
                             'float)', avf)
                        func('TEXTURE_PROJ_LOD',
                             f'{ret} textureProjLod({samp}, {pv}, float)', av)
                        func('TEXTURE_PROJ_LOD_OFFSET',
                             f'{ret} textureProjLodOffset({samp}, {pv}, '
                             f'float, {o})', av)
            # textureLod: no rect, no cube shadow, no 2D array shadow.
            if not is_rect and s not in ('samplerCubeShadow',
                                         'sampler2DArrayShadow'):
                func('TEXTURE_LOD',
                     f'{ret} textureLod({samp}, {c}, float)', av)
                if not is_cube:
                    func('TEXTURE_LOD_OFFSET',
                         f'{ret} textureLodOffset({samp}, {c}, float, {o})',
                         av)
            # textureOffset: no cube, no 2D array shadow.
            if not is_cube and s != 'sampler2DArrayShadow':
                func('TEXTURE_OFFSET',
                     f'{ret} textureOffset({samp}, {c}, {o})', av)
                if not is_rect:
                    func('TEXTURE_OFFSET_BIAS',
                         f'{ret} textureOffset({samp}, {c}, {o}, float)', avf)
            # textureGrad: every sampler here; offsets not for cubes.
            func('TEXTURE_GRAD', f'{ret} textureGrad({samp}, {c}, {g}, {g})',
                 av)
            if not is_cube:
                func('TEXTURE_GRAD_OFFSET',
                     f'{ret} textureGradOffset({samp}, {c}, {g}, {g}, {o})',
                     av)
            # texelFetch: not for shadow samplers and cubes.
            if not shadow and not is_cube:
                ic = vtype('i', coord)
                lod = '' if is_rect else ', int'
                func('TEXEL_FETCH', f'{ret} texelFetch({samp}, {ic}{lod})', av)
                func('TEXEL_FETCH_OFFSET',
                     f'{ret} texelFetchOffset({samp}, {ic}{lod}, {o})', av)


new_style_textures()

# The 1.10 forms (deprecated in 1.30; Piglit and Mesa keep them in every
# desktop version this front end supports), with the ESSL 1.00 subset.
OLD = A(gl=110)
OLD_LOD = [A(gl=110, stages='v'), A(gl=130),
           A(gl=110, ext='GL_ARB_shader_texture_lod')]
OLD_GRAD = A(gl=110, ext='GL_ARB_shader_texture_lod')
# (name suffix, sampler, coord, proj coords, grad size, result)
OLD_FORMS = [
    ('texture1D', 'sampler1D', 'float', ['vec2', 'vec4'], 'float', 'vec4'),
    ('texture2D', 'sampler2D', 'vec2', ['vec3', 'vec4'], 'vec2', 'vec4'),
    ('texture3D', 'sampler3D', 'vec3', ['vec4'], 'vec3', 'vec4'),
    ('textureCube', 'samplerCube', 'vec3', [], 'vec3', 'vec4'),
    ('shadow1D', 'sampler1DShadow', 'vec3', ['vec4'], 'float', 'vec4'),
    ('shadow2D', 'sampler2DShadow', 'vec3', ['vec4'], 'vec2', 'vec4'),
]
ES1 = A(es=100, es_max=300)
ES1_LOD = A(es=100, es_max=300, stages='v')
for (n, samp, c, projs, g, ret) in OLD_FORMS:
    es = n in ('texture2D', 'textureCube')
    av = [OLD] + ([ES1] if es else [])
    avf = [a.only(FRAG) for a in av]
    avl = OLD_LOD + ([ES1_LOD] if es else [])
    func('TEXTURE', f'{ret} {n}({samp}, {c})', *av)
    func('TEXTURE_BIAS', f'{ret} {n}({samp}, {c}, float)', *avf)
    func('TEXTURE_LOD', f'{ret} {n}Lod({samp}, {c}, float)', *avl)
    func('TEXTURE_GRAD', f'{ret} {n}GradARB({samp}, {c}, {g}, {g})', OLD_GRAD)
    for pc in projs:
        func('TEXTURE_PROJ', f'{ret} {n}Proj({samp}, {pc})', *av)
        func('TEXTURE_PROJ_BIAS', f'{ret} {n}Proj({samp}, {pc}, float)', *avf)
        func('TEXTURE_PROJ_LOD', f'{ret} {n}ProjLod({samp}, {pc}, float)',
             *avl)
        func('TEXTURE_PROJ_GRAD',
             f'{ret} {n}ProjGradARB({samp}, {pc}, {g}, {g})', OLD_GRAD)

# GL_ARB_texture_rectangle.
RECT = A(gl=110, ext='GL_ARB_texture_rectangle')
func('TEXTURE', 'vec4 texture2DRect(sampler2DRect, vec2)', RECT)
func('TEXTURE_PROJ', 'vec4 texture2DRectProj(sampler2DRect, vec3)', RECT)
func('TEXTURE_PROJ', 'vec4 texture2DRectProj(sampler2DRect, vec4)', RECT)
func('TEXTURE', 'vec4 shadow2DRect(sampler2DRectShadow, vec3)', RECT)
func('TEXTURE_PROJ', 'vec4 shadow2DRectProj(sampler2DRectShadow, vec4)', RECT)
RECT_GRAD = A(gl=110, ext='GL_ARB_shader_texture_lod')
func('TEXTURE_GRAD',
     'vec4 texture2DRectGradARB(sampler2DRect, vec2, vec2, vec2)', RECT_GRAD)
func('TEXTURE_PROJ_GRAD',
     'vec4 texture2DRectProjGradARB(sampler2DRect, vec3, vec2, vec2)',
     RECT_GRAD)
func('TEXTURE_PROJ_GRAD',
     'vec4 texture2DRectProjGradARB(sampler2DRect, vec4, vec2, vec2)',
     RECT_GRAD)
func('TEXTURE_GRAD',
     'vec4 shadow2DRectGradARB(sampler2DRectShadow, vec3, vec2, vec2)',
     RECT_GRAD)
func('TEXTURE_PROJ_GRAD',
     'vec4 shadow2DRectProjGradARB(sampler2DRectShadow, vec4, vec2, vec2)',
     RECT_GRAD)

# GL_EXT_texture_array.
TA = A(gl=110, ext='GL_EXT_texture_array')
TA_LOD = [A(gl=110, stages='v', ext='GL_EXT_texture_array'),
          A(gl=130, ext='GL_EXT_texture_array')]
func('TEXTURE', 'vec4 texture1DArray(sampler1DArray, vec2)', TA)
func('TEXTURE_BIAS', 'vec4 texture1DArray(sampler1DArray, vec2, float)',
     TA.only(FRAG))
func('TEXTURE_LOD', 'vec4 texture1DArrayLod(sampler1DArray, vec2, float)',
     *TA_LOD)
func('TEXTURE', 'vec4 texture2DArray(sampler2DArray, vec3)', TA)
func('TEXTURE_BIAS', 'vec4 texture2DArray(sampler2DArray, vec3, float)',
     TA.only(FRAG))
func('TEXTURE_LOD', 'vec4 texture2DArrayLod(sampler2DArray, vec3, float)',
     *TA_LOD)
func('TEXTURE', 'vec4 shadow1DArray(sampler1DArrayShadow, vec3)', TA)
func('TEXTURE_BIAS', 'vec4 shadow1DArray(sampler1DArrayShadow, vec3, float)',
     TA.only(FRAG))
func('TEXTURE_LOD',
     'vec4 shadow1DArrayLod(sampler1DArrayShadow, vec3, float)', *TA_LOD)
func('TEXTURE', 'vec4 shadow2DArray(sampler2DArrayShadow, vec4)', TA)

for op in TEX_VARIANTS:
    if op not in OPS:
        OPS.append(op)

# --- Structs of the compatibility state (GLSL 1.10, 7.5) ---------------------
#
# name: (fields as (type, name)).  gl_PerVertex is the interface block of
# gl_in[] in the geometry stage (GLSL 1.50, 7.1).
STRUCTS = {
    'gl_DepthRangeParameters': [('float', 'near'), ('float', 'far'),
                                ('float', 'diff')],
    'gl_PointParameters': [('float', 'size'), ('float', 'sizeMin'),
                           ('float', 'sizeMax'),
                           ('float', 'fadeThresholdSize'),
                           ('float', 'distanceConstantAttenuation'),
                           ('float', 'distanceLinearAttenuation'),
                           ('float', 'distanceQuadraticAttenuation')],
    'gl_MaterialParameters': [('vec4', 'emission'), ('vec4', 'ambient'),
                              ('vec4', 'diffuse'), ('vec4', 'specular'),
                              ('float', 'shininess')],
    'gl_LightSourceParameters': [('vec4', 'ambient'), ('vec4', 'diffuse'),
                                 ('vec4', 'specular'), ('vec4', 'position'),
                                 ('vec4', 'halfVector'),
                                 ('vec3', 'spotDirection'),
                                 ('float', 'spotExponent'),
                                 ('float', 'spotCutoff'),
                                 ('float', 'spotCosCutoff'),
                                 ('float', 'constantAttenuation'),
                                 ('float', 'linearAttenuation'),
                                 ('float', 'quadraticAttenuation')],
    'gl_LightModelParameters': [('vec4', 'ambient')],
    'gl_LightModelProducts': [('vec4', 'sceneColor')],
    'gl_LightProducts': [('vec4', 'ambient'), ('vec4', 'diffuse'),
                         ('vec4', 'specular')],
    'gl_FogParameters': [('vec4', 'color'), ('float', 'density'),
                         ('float', 'start'), ('float', 'end'),
                         ('float', 'scale')],
    'gl_PerVertex': [('vec4', 'gl_Position'), ('float', 'gl_PointSize'),
                     ('float[]', 'gl_ClipDistance')],
    # The compatibility profile's gl_PerVertex (GLSL 1.50 compatibility,
    # 7.1) adds the compatibility varyings.
    'gl_PerVertexCompat': [('vec4', 'gl_Position'), ('float', 'gl_PointSize'),
                           ('float[]', 'gl_ClipDistance'),
                           ('vec4', 'gl_ClipVertex'),
                           ('vec4', 'gl_FrontColor'),
                           ('vec4', 'gl_BackColor'),
                           ('vec4', 'gl_FrontSecondaryColor'),
                           ('vec4', 'gl_BackSecondaryColor'),
                           ('vec4[]', 'gl_TexCoord'),
                           ('float', 'gl_FogFragCoord')],
}
# The GLSL name of a table entry whose key differs from it.
STRUCT_NAMES = {'gl_PerVertexCompat': 'gl_PerVertex'}
# Struct names a shader may use as types (and where).
STRUCT_AVAIL = {
    'gl_DepthRangeParameters': [A(gl=110, es=100)],
}
COMPAT = A(gl=110, compat=True)
for _s in STRUCTS:
    if _s not in STRUCT_AVAIL and not _s.startswith('gl_PerVertex'):
        STRUCT_AVAIL[_s] = [COMPAT]
# The ones that are interface blocks, not structs.
INTERFACES = {'gl_PerVertex', 'gl_PerVertexCompat'}

# --- Variables ---------------------------------------------------------------
VARS = []

VARYING, SYSVAL, FRAG_RESULT, ATTRIB, STATE, CONSTANT = (
    'GLSL_BUILTIN_VARYING', 'GLSL_BUILTIN_SYSTEM_VALUE',
    'GLSL_BUILTIN_FRAG_RESULT', 'GLSL_BUILTIN_ATTRIBUTE',
    'GLSL_BUILTIN_STATE_UNIFORM', 'GLSL_BUILTIN_CONSTANT')
IN, OUT, UNIFORM, CONST, SV = ('GLSL_STORAGE_IN', 'GLSL_STORAGE_OUT',
                               'GLSL_STORAGE_UNIFORM', 'GLSL_STORAGE_CONST',
                               'GLSL_STORAGE_SYSTEM_VALUE')


def var(name, type_, kind, storage, slot, *avails, precision='NONE',
        redeclarable=False, broadcast=False, value=None):
    """value: constants only: a struct glsl_limits field name, optionally
    '/4' divided."""
    VARS.append(dict(name=name, type=type_, kind=kind, storage=storage,
                     slot=slot, avails=list(avails), precision=precision,
                     redeclarable=redeclarable, broadcast=broadcast,
                     value=value))


VS = 'v'
GS = 'g'
FS = 'f'
VGS = 'vg'

# Vertex and geometry outputs.
var('gl_Position', 'vec4', VARYING, OUT, 'IR_VARYING_SLOT_POS',
    A(gl=110, es=100, stages=VS), A(gl=150, stages=GS), precision='HIGH',
    redeclarable=True)
var('gl_PointSize', 'float', VARYING, OUT, 'IR_VARYING_SLOT_PSIZ',
    A(gl=110, es=100, stages=VS), A(gl=150, stages=GS), precision='MEDIUM',
    redeclarable=True)
var('gl_ClipDistance', 'float[]', VARYING, OUT, 'IR_VARYING_SLOT_CLIP_DIST0',
    A(gl=130, stages=VS), A(gl=150, stages=GS), redeclarable=True)
# GL_APPLE_clip_distance: "out highp float gl_ClipDistance[]" in ESSL 1.00
# and 3.00 vertex shaders.
var('gl_ClipDistance', 'float[]', VARYING, OUT, 'IR_VARYING_SLOT_CLIP_DIST0',
    A(es=100, stages=VS, ext='GL_APPLE_clip_distance'), precision='HIGH',
    redeclarable=True)
var('gl_ClipDistance', 'float[]', VARYING, IN, 'IR_VARYING_SLOT_CLIP_DIST0',
    A(gl=130, stages=FS), redeclarable=True)
var('gl_ClipVertex', 'vec4', VARYING, OUT, 'IR_VARYING_SLOT_CLIP_VERTEX',
    A(gl=110, stages=VGS, compat=True), redeclarable=True)
for n, slot in (('gl_FrontColor', 'COL0'), ('gl_BackColor', 'BFC0'),
                ('gl_FrontSecondaryColor', 'COL1'),
                ('gl_BackSecondaryColor', 'BFC1')):
    var(n, 'vec4', VARYING, OUT, 'IR_VARYING_SLOT_' + slot,
        A(gl=110, stages=VGS, compat=True), redeclarable=True)
var('gl_TexCoord', 'vec4[max_texture_coords]', VARYING, OUT,
    'IR_VARYING_SLOT_TEX0', A(gl=110, stages=VGS, compat=True),
    redeclarable=True)
var('gl_FogFragCoord', 'float', VARYING, OUT, 'IR_VARYING_SLOT_FOGC',
    A(gl=110, stages=VGS, compat=True), redeclarable=True)

# Vertex inputs.
var('gl_VertexID', 'int', SYSVAL, SV, 'IR_SYSTEM_VALUE_VERTEX_ID',
    A(gl=130, es=300, stages=VS), precision='HIGH')
var('gl_InstanceID', 'int', SYSVAL, SV, 'IR_SYSTEM_VALUE_INSTANCE_ID',
    A(gl=140, es=300, stages=VS), precision='HIGH')
var('gl_InstanceIDARB', 'int', SYSVAL, SV, 'IR_SYSTEM_VALUE_INSTANCE_ID',
    A(gl=110, stages=VS, ext='GL_ARB_draw_instanced'))
for n, t, slot in (('gl_Color', 'vec4', 'COLOR'),
                   ('gl_SecondaryColor', 'vec4', 'SECONDARY_COLOR'),
                   ('gl_Normal', 'vec3', 'NORMAL'),
                   ('gl_Vertex', 'vec4', 'VERTEX'),
                   ('gl_FogCoord', 'float', 'FOG_COORD')):
    var(n, t, ATTRIB, IN, 'GLSL_ATTRIB_' + slot,
        A(gl=110, stages=VS, compat=True))
for i in range(8):
    var(f'gl_MultiTexCoord{i}', 'vec4', ATTRIB, IN,
        f'GLSL_ATTRIB_MULTI_TEX_COORD0 + {i}',
        A(gl=110, stages=VS, compat=True))

# Geometry inputs and outputs (GLSL 1.50, 7.1).
var('gl_in', 'gl_PerVertexCompat[]', VARYING, IN, '-1',
    A(gl=150, stages=GS, compat=True), redeclarable=True)
var('gl_in', 'gl_PerVertex[]', VARYING, IN, '-1', A(gl=150, stages=GS),
    redeclarable=True)
var('gl_PrimitiveIDIn', 'int', SYSVAL, SV, 'IR_SYSTEM_VALUE_PRIMITIVE_ID',
    A(gl=150, stages=GS))
var('gl_PrimitiveID', 'int', VARYING, OUT, 'IR_VARYING_SLOT_PRIMITIVE_ID',
    A(gl=150, stages=GS))
var('gl_Layer', 'int', VARYING, OUT, 'IR_VARYING_SLOT_LAYER',
    A(gl=150, stages=GS))

# Fragment inputs.
var('gl_FragCoord', 'vec4', SYSVAL, SV, 'IR_SYSTEM_VALUE_FRAG_COORD',
    A(gl=110, es=100, es_max=300, stages=FS), precision='MEDIUM',
    redeclarable=True)
var('gl_FragCoord', 'vec4', SYSVAL, SV, 'IR_SYSTEM_VALUE_FRAG_COORD',
    A(es=300, stages=FS), precision='HIGH')
var('gl_FrontFacing', 'bool', SYSVAL, SV, 'IR_SYSTEM_VALUE_FRONT_FACE',
    A(gl=110, es=100, stages=FS))
var('gl_PointCoord', 'vec2', SYSVAL, SV, 'IR_SYSTEM_VALUE_POINT_COORD',
    A(gl=120, es=100, stages=FS), precision='MEDIUM')
var('gl_PrimitiveID', 'int', SYSVAL, SV, 'IR_SYSTEM_VALUE_PRIMITIVE_ID',
    A(gl=150, stages=FS))
for n, t, slot in (('gl_Color', 'vec4', 'COL0'),
                   ('gl_SecondaryColor', 'vec4', 'COL1'),
                   ('gl_TexCoord', 'vec4[max_texture_coords]', 'TEX0'),
                   ('gl_FogFragCoord', 'float', 'FOGC')):
    var(n, t, VARYING, IN, 'IR_VARYING_SLOT_' + slot,
        A(gl=110, stages=FS, compat=True), redeclarable=True)

# Fragment outputs.  gl_FragColor and gl_FragData were deprecated in 1.30;
# Piglit's glsl-1.40 tests expect them in core shaders too.
var('gl_FragColor', 'vec4', FRAG_RESULT, OUT, '0',
    A(gl=110, stages=FS), A(es=100, es_max=300, stages=FS),
    precision='MEDIUM', broadcast=True)
var('gl_FragData', 'vec4[max_draw_buffers]', FRAG_RESULT, OUT, '0',
    A(gl=110, stages=FS), A(es=100, es_max=300, stages=FS),
    precision='MEDIUM')
var('gl_FragDepth', 'float', FRAG_RESULT, OUT, 'IR_FRAG_RESULT_DEPTH',
    A(gl=110, es=300, stages=FS), precision='HIGH', redeclarable=True)

# State uniforms.
ALLS = A(gl=110, compat=True)
for base, slot in (('ModelView', 'MODELVIEW'), ('Projection', 'PROJECTION'),
                   ('ModelViewProjection', 'MVP'), ('Texture', 'TEXTURE')):
    t = 'mat4[max_texture_coords]' if base == 'Texture' else 'mat4'
    for suffix, ssuf in (('', ''), ('Inverse', '_INVERSE'),
                         ('Transpose', '_TRANSPOSE'),
                         ('InverseTranspose', '_INVERSE_TRANSPOSE')):
        var(f'gl_{base}Matrix{suffix}', t, STATE, UNIFORM,
            f'GLSL_STATE_{slot}_MATRIX{ssuf}', ALLS)
var('gl_NormalMatrix', 'mat3', STATE, UNIFORM, 'GLSL_STATE_NORMAL_MATRIX',
    ALLS)
var('gl_NormalScale', 'float', STATE, UNIFORM, 'GLSL_STATE_NORMAL_SCALE', ALLS)
var('gl_DepthRange', 'gl_DepthRangeParameters', STATE, UNIFORM,
    'GLSL_STATE_DEPTH_RANGE', A(gl=110, es=100))
var('gl_ClipPlane', 'vec4[max_clip_distances]', STATE, UNIFORM,
    'GLSL_STATE_CLIP_PLANE', ALLS)
var('gl_Point', 'gl_PointParameters', STATE, UNIFORM, 'GLSL_STATE_POINT', ALLS)
var('gl_FrontMaterial', 'gl_MaterialParameters', STATE, UNIFORM,
    'GLSL_STATE_FRONT_MATERIAL', ALLS)
var('gl_BackMaterial', 'gl_MaterialParameters', STATE, UNIFORM,
    'GLSL_STATE_BACK_MATERIAL', ALLS)
var('gl_LightSource', 'gl_LightSourceParameters[max_lights]', STATE, UNIFORM,
    'GLSL_STATE_LIGHT_SOURCE', ALLS)
var('gl_LightModel', 'gl_LightModelParameters', STATE, UNIFORM,
    'GLSL_STATE_LIGHT_MODEL', ALLS)
var('gl_FrontLightModelProduct', 'gl_LightModelProducts', STATE, UNIFORM,
    'GLSL_STATE_FRONT_LIGHT_MODEL_PRODUCT', ALLS)
var('gl_BackLightModelProduct', 'gl_LightModelProducts', STATE, UNIFORM,
    'GLSL_STATE_BACK_LIGHT_MODEL_PRODUCT', ALLS)
var('gl_FrontLightProduct', 'gl_LightProducts[max_lights]', STATE, UNIFORM,
    'GLSL_STATE_FRONT_LIGHT_PRODUCT', ALLS)
var('gl_BackLightProduct', 'gl_LightProducts[max_lights]', STATE, UNIFORM,
    'GLSL_STATE_BACK_LIGHT_PRODUCT', ALLS)
var('gl_TextureEnvColor', 'vec4[max_texture_units]', STATE, UNIFORM,
    'GLSL_STATE_TEXTURE_ENV_COLOR', ALLS)
for kind in ('Eye', 'Object'):
    for c in 'STRQ':
        var(f'gl_{kind}Plane{c}', 'vec4[max_texture_coords]', STATE, UNIFORM,
            f'GLSL_STATE_{kind.upper()}_PLANE_{c}', ALLS)
var('gl_Fog', 'gl_FogParameters', STATE, UNIFORM, 'GLSL_STATE_FOG', ALLS)

# Constants (GLSL 1.10-1.50 7.4, ESSL 1.00/3.00 7.4).
CONSTANTS = [
    ('gl_MaxLights', 'max_lights', [COMPAT]),
    ('gl_MaxClipPlanes', 'max_clip_distances', [COMPAT]),
    ('gl_MaxTextureUnits', 'max_texture_units', [COMPAT]),
    ('gl_MaxTextureCoords', 'max_texture_coords', [COMPAT]),
    ('gl_MaxVertexAttribs', 'max_vertex_attribs', [A(gl=110, es=100)]),
    ('gl_MaxVertexUniformComponents', 'max_vertex_uniform_components',
     [A(gl=110)]),
    ('gl_MaxVaryingFloats', 'max_varying_components', [A(gl=110)]),
    ('gl_MaxVaryingComponents', 'max_varying_components', [A(gl=130)]),
    ('gl_MaxVertexTextureImageUnits', 'max_vertex_texture_image_units',
     [A(gl=110, es=100)]),
    ('gl_MaxCombinedTextureImageUnits', 'max_combined_texture_image_units',
     [A(gl=110, es=100)]),
    ('gl_MaxTextureImageUnits', 'max_texture_image_units',
     [A(gl=110, es=100)]),
    ('gl_MaxFragmentUniformComponents', 'max_fragment_uniform_components',
     [A(gl=110)]),
    ('gl_MaxDrawBuffers', 'max_draw_buffers', [A(gl=110, es=100)]),
    ('gl_MaxClipDistances', 'max_clip_distances',
     [A(gl=130), A(es=100, ext='GL_APPLE_clip_distance')]),
    ('gl_MinProgramTexelOffset', 'min_program_texel_offset',
     [A(gl=130, es=300)]),
    ('gl_MaxProgramTexelOffset', 'max_program_texel_offset',
     [A(gl=130, es=300)]),
    ('gl_MaxVertexOutputComponents', 'max_vertex_output_components',
     [A(gl=150)]),
    ('gl_MaxGeometryInputComponents', 'max_geometry_input_components',
     [A(gl=150)]),
    ('gl_MaxGeometryOutputComponents', 'max_geometry_output_components',
     [A(gl=150)]),
    ('gl_MaxFragmentInputComponents', 'max_fragment_input_components',
     [A(gl=150)]),
    ('gl_MaxGeometryTextureImageUnits', 'max_geometry_texture_image_units',
     [A(gl=150)]),
    ('gl_MaxGeometryOutputVertices', 'max_geometry_output_vertices',
     [A(gl=150)]),
    ('gl_MaxGeometryTotalOutputComponents',
     'max_geometry_total_output_components', [A(gl=150)]),
    ('gl_MaxGeometryUniformComponents', 'max_geometry_uniform_components',
     [A(gl=150)]),
    ('gl_MaxGeometryVaryingComponents', 'max_geometry_output_components',
     [A(gl=150)]),
    ('gl_MaxVertexUniformVectors', 'max_vertex_uniform_vectors', [A(es=100)]),
    ('gl_MaxFragmentUniformVectors', 'max_fragment_uniform_vectors',
     [A(es=100)]),
    ('gl_MaxVaryingVectors', 'max_varying_vectors', [A(es=100, es_max=300)]),
    ('gl_MaxVertexOutputVectors', 'max_vertex_output_components/4',
     [A(es=300)]),
    ('gl_MaxFragmentInputVectors', 'max_fragment_input_components/4',
     [A(es=300)]),
]
for n, value, avails in CONSTANTS:
    var(n, 'int', CONSTANT, CONST, '0', *avails, precision='MEDIUM',
        value=value)
