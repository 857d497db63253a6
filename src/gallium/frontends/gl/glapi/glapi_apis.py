# SPDX-License-Identifier: MIT
"""What Indium exposes of gl.xml: data read by glapi_gen.py.

APIS maps each API of Indium (an ST_API_BIT_* of st_context.h) to the
gl.xml features it contains.  'api' and 'profile' select the <require> and
<remove> blocks that apply; 'removed' says whether the <remove> blocks of
the listed features take their commands away (the core profile) or not
(the compatibility profile keeps what later versions removed).

EXTENSIONS lists the extensions Indium may advertise and the APIs in which
each may appear.  An extension is advertised only when every command it
requires in that API has an api_ implementation (glapi_extensions.c);
extensions without commands are advertised as listed, so list one only when
the state tracker handles its enums.

BEGIN_END_COMMANDS: the commands allowed between glBegin and glEnd (GL 2.1
section 2.6.3), as regular expressions matched against whole names; every
other command raises GL_INVALID_OPERATION there.

DLIST_*: display lists (glapi_dlist.py).  DLIST_IMMEDIATE_COMMANDS are
executed, never compiled, while a list is being compiled;
DLIST_SAVE_BY_HAND have a hand-written save (st_dlist_draw.c);
DLIST_IMAGE_COMMANDS read their image under the unpack state at compile
time; DLIST_SIZE_FUNCTIONS give, for the pointer parameters whose gl.xml
len is COMPSIZE(args), the hand-written function (st_dlist_size.c) that
returns the number of elements from ctx and those arguments.  Every other
compatibility-profile command is compiled by generated code.

ENUM_NAMES: for values several enums share equally (all in GL 1.0), the
name st_enum_name() gives.
"""


def gl_versions(last):
    """GL_VERSION_1_0 .. @p last of desktop GL in gl.xml order."""
    versions = ['1_0', '1_1', '1_2', '1_3', '1_4', '1_5', '2_0', '2_1',
                '3_0', '3_1', '3_2', '3_3']
    return ['GL_VERSION_' + v for v in versions[:versions.index(last) + 1]]


APIS = {
    'COMPAT': {'api': 'gl', 'profile': 'compatibility', 'removed': False,
               'features': gl_versions('3_0')},
    'CORE': {'api': 'gl', 'profile': 'core', 'removed': True,
             'features': gl_versions('3_3')},
    'ES2': {'api': 'gles2', 'profile': None, 'removed': False,
            'features': ['GL_ES_VERSION_2_0']},
    'ES3': {'api': 'gles2', 'profile': None, 'removed': False,
            'features': ['GL_ES_VERSION_3_0']},
}

_GL = ('COMPAT', 'CORE')
_ALL = ('COMPAT', 'CORE', 'ES2', 'ES3')

EXTENSIONS = [
    ('GL_ARB_blend_func_extended', _GL),
    # The ES 2.0 commands and queries, GL_FIXED arrays, RGB565 and the GL 4.1
    # framebuffer completeness without the draw/read buffer rules
    # (st_fb_complete.c).
    ('GL_ARB_ES2_compatibility', _GL),
    ('GL_ARB_copy_buffer', _GL),
    ('GL_ARB_depth_clamp', _GL),
    # ETC2/EAC formats, PRIMITIVE_RESTART_FIXED_INDEX, the conservative
    # occlusion query, MAX_ELEMENT_INDEX and #version 300 es shaders.
    ('GL_ARB_ES3_compatibility', _GL),
    ('GL_ARB_derivative_control', _GL),
    ('GL_ARB_draw_elements_base_vertex', _GL),
    ('GL_ARB_draw_instanced', _GL),
    ('GL_ARB_explicit_attrib_location', _GL),
    ('GL_ARB_fragment_shader', ('COMPAT',)),
    ('GL_ARB_framebuffer_object', _GL),
    ('GL_ARB_instanced_arrays', _GL),
    ('GL_ARB_map_buffer_range', _GL),
    ('GL_ARB_occlusion_query', ('COMPAT',)),
    ('GL_ARB_occlusion_query2', _GL),
    ('GL_ARB_point_sprite', ('COMPAT',)),
    ('GL_ARB_provoking_vertex', _GL),
    ('GL_ARB_sampler_objects', _GL),
    ('GL_ARB_seamless_cube_map', _GL),
    ('GL_ARB_shader_objects', ('COMPAT',)),
    ('GL_ARB_sync', _GL),
    ('GL_ARB_texture_rectangle', ('COMPAT',)),
    ('GL_ARB_texture_storage', _GL),
    ('GL_ARB_texture_swizzle', _GL),
    ('GL_ARB_timer_query', _GL),
    ('GL_ARB_uniform_buffer_object', _GL),
    ('GL_ARB_vertex_array_object', _GL),
    ('GL_ARB_vertex_buffer_object', ('COMPAT',)),
    ('GL_ARB_vertex_shader', ('COMPAT',)),
    ('GL_ARB_window_pos', ('COMPAT',)),
    ('GL_EXT_framebuffer_object', ('COMPAT',)),
    ('GL_EXT_texture_swizzle', ('COMPAT',)),
    # The legacy luminance, alpha and intensity integer formats
    # (st_format.c), glClearColorI{i,ui}EXT, GL_RGBA_INTEGER_MODE_EXT.
    ('GL_EXT_texture_integer', ('COMPAT',)),
    # GL_ABGR_EXT client pixels (st_pixels.c); GL_BGR / GL_BGRA are GL 1.2.
    # The luminance, alpha and intensity float formats (st_format.c).
    ('GL_ARB_texture_float', ('COMPAT',)),
    ('GL_EXT_abgr', ('COMPAT',)),
    ('GL_EXT_bgra', ('COMPAT',)),
    ('GL_KHR_debug', _ALL),
    ('GL_MESA_window_pos', ('COMPAT',)),
    # Extensions that GL 2.0 - 3.0 took into core, whose names
    # applications (and Piglit) still ask for; the GLSL-only ones are
    # those indium-compile --list-extensions implements.
    ('GL_ARB_depth_buffer_float', _GL),
    ('GL_ARB_depth_texture', ('COMPAT',)),
    ('GL_ARB_fragment_coord_conventions', _GL),
    ('GL_ARB_half_float_pixel', ('COMPAT',)),
    ('GL_ARB_half_float_vertex', _GL),
    ('GL_ARB_pixel_buffer_object', _GL),
    ('GL_ARB_shader_bit_encoding', _GL),
    ('GL_ARB_shader_texture_lod', ('COMPAT',)),
    ('GL_ARB_texture_cube_map', ('COMPAT',)),
    ('GL_ARB_texture_non_power_of_two', _GL),
    ('GL_ARB_texture_rg', _GL),
    ('GL_ARB_vertex_array_bgra', _GL),
    ('GL_EXT_packed_depth_stencil', ('COMPAT',)),
    ('GL_EXT_texture_array', ('COMPAT',)),
    ('GL_EXT_texture_sRGB', ('COMPAT',)),
    ('GL_EXT_vertex_array_bgra', ('COMPAT',)),
    ('GL_SGIS_generate_mipmap', ('COMPAT',)),
    # GL 1.2 - 2.0 features Piglit asks for by their extension names:
    # texture environments (st_texenv.c, st_ff_source.c), the blend
    # equations and factors, GL 3.0's indexed masks and enables, glBlit,
    # RGB9_E5.  Not ARB_shadow: the fixed-function program does not
    # compare depth textures yet.
    ('GL_ARB_draw_buffers', ('COMPAT',)),
    ('GL_ARB_texture_env_add', ('COMPAT',)),
    ('GL_ARB_texture_env_combine', ('COMPAT',)),
    ('GL_ARB_texture_env_crossbar', ('COMPAT',)),
    ('GL_ARB_texture_env_dot3', ('COMPAT',)),
    ('GL_EXT_texture_env_add', ('COMPAT',)),
    ('GL_EXT_texture_env_combine', ('COMPAT',)),
    ('GL_EXT_blend_color', ('COMPAT',)),
    ('GL_EXT_blend_equation_separate', ('COMPAT',)),
    ('GL_EXT_blend_func_separate', ('COMPAT',)),
    ('GL_EXT_blend_minmax', ('COMPAT',)),
    ('GL_EXT_blend_subtract', ('COMPAT',)),
    ('GL_EXT_texture_shared_exponent', ('COMPAT',)),
    ('GL_EXT_framebuffer_blit', ('COMPAT',)),
    ('GL_EXT_draw_buffers2', ('COMPAT',)),
    # ES extensions whose commands are aliases of ES 3.0 / GL commands.
    ('GL_EXT_draw_elements_base_vertex', ('ES2', 'ES3')),
    ('GL_EXT_instanced_arrays', ('ES2', 'ES3')),
    ('GL_EXT_map_buffer_range', ('ES2', 'ES3')),
    ('GL_OES_mapbuffer', ('ES2', 'ES3')),
    ('GL_OES_vertex_array_object', ('ES2', 'ES3')),
    # gl_ClipDistance in ESSL vertex shaders, the GL 3.0 clip-distance
    # enables and limit (st_state.c, st_limits.c).
    ('GL_APPLE_clip_distance', ('ES2', 'ES3')),
    # ETC1_RGB8_OES blocks (st_format.c, st_texcompressed.c).
    ('GL_OES_compressed_ETC1_RGB8_texture', ('ES2', 'ES3')),
    # Enums-only ES extensions that ES 3.0 has in core.
    ('GL_OES_depth24', ('ES3',)),
    ('GL_OES_depth_texture', ('ES3',)),
    ('GL_OES_element_index_uint', ('ES3',)),
    ('GL_OES_packed_depth_stencil', ('ES3',)),
    ('GL_OES_rgb8_rgba8', ('ES3',)),
    ('GL_OES_texture_npot', ('ES3',)),
]

BEGIN_END_COMMANDS = [
    r'glVertex[234][dfis]v?',
    r'glColor[34](b|d|f|i|s|ub|ui|us)v?',
    r'glSecondaryColor3(b|d|f|i|s|ub|ui|us)v?',
    r'glIndex(d|f|i|s|ub)v?',
    r'glNormal3(b|d|f|i|s)v?',
    r'glFogCoord[df]v?',
    r'glTexCoord[1234][dfis]v?',
    r'glMultiTexCoord[1234][dfis]v?',
    r'glVertexAttrib.*',
    r'glEvalCoord[12][df]v?',
    r'glEvalPoint[12]',
    r'glArrayElement',
    r'glMaterial[fi]v?',
    r'glEdgeFlagv?',
    r'glCallLists?',
    r'glEnd',
]

# GL 3.0 compatibility, 5.4 (GL 4.6 compatibility, 5.5.1 "Commands Not
# Usable In Display Lists"): "Certain commands, when called while
# compiling a display list, are not compiled into the display list but are
# executed immediately."  Plus the later extensions' own lists (ARB_sync,
# KHR_debug, ARB_copy_buffer, ARB_texture_storage, ARB_instanced_arrays)
# and ARB_shader_objects' names for the program and shader commands.
DLIST_IMMEDIATE_COMMANDS = [
    # Display lists (and glNewList / glEndList themselves).
    r'gl(New|End)List', r'glGenLists', r'glDeleteLists',
    # Render modes.
    r'glFeedbackBuffer', r'glSelectBuffer', r'glRenderMode',
    # Vertex arrays and client state.
    r'glClientActiveTexture', r'gl\w+Pointer', r'glInterleavedArrays',
    r'glPrimitiveRestartIndex', r'glBindVertexArray',
    r'glVertexAttribDivisor', r'gl(Enable|Disable)ClientState',
    r'gl(Enable|Disable)VertexAttribArray', r'gl(Push|Pop)ClientAttrib',
    # Pixels and textures.
    r'glPixelStore[fi]', r'glReadPixels', r'glAreTexturesResident',
    r'glTexStorage[123]D',
    # Object names: every glGen* and glDelete* (textures, queries,
    # buffers, vertex arrays, framebuffers, renderbuffers, samplers,
    # glGenerateMipmap).
    r'glGen\w+', r'glDelete\w+',
    # Buffer objects.
    r'glBindBuffer(Range|Base)?', r'glBuffer(Sub)?Data', r'glMapBuffer\w*',
    r'glUnmapBuffer', r'glFlushMappedBufferRange', r'glCopyBufferSubData',
    r'glTransformFeedbackVaryings',
    # Framebuffer and renderbuffer objects.
    r'glBind(Frame|Render)buffer(EXT)?', r'glCheckFramebufferStatus',
    r'glRenderbufferStorage\w*', r'glFramebuffer(Texture\w*|Renderbuffer)',
    # Program and shader objects.
    r'glCreate(Program|Shader)(ObjectARB)?', r'gl(Attach|Detach)Shader',
    r'gl(Attach|Detach)ObjectARB', r'glBind(Attrib|FragData)Location\w*',
    r'glCompileShader', r'glShaderSource', r'glLinkProgram',
    r'glValidateProgram',
    # Command stream management.
    r'glFinish', r'glFlush',
    # Queries: every glGet* and glIs*.
    r'glGet\w+', r'glIs\w+',
    # Sync objects and KHR_debug.
    r'gl(Fence|ClientWait|Wait)Sync', r'glDebugMessage\w+',
    r'gl(Push|Pop)DebugGroup', r'glObject(Ptr)?Label',
    # ARB_draw_instanced: "The error INVALID_OPERATION is generated if
    # DrawArraysInstanced or DrawElementsInstanced is called during display
    # list compilation" (st_dlist_draw.c raises it).
]

DLIST_SAVE_BY_HAND = [
    r'glDraw(Arrays|Elements|RangeElements)\w*', r'glMultiDraw\w+',
    r'glArrayElement',
]

DLIST_IMAGE_COMMANDS = [
    r'glTex(Sub)?Image[123]D', r'glCompressedTex(Sub)?Image[123]D',
    r'glDrawPixels', r'glBitmap', r'glPolygonStipple',
]

DLIST_SIZE_FUNCTIONS = [
    (r'gl(Light|Material)[fi]v', 'st_dlist_size_light'),
    (r'glLightModel[fi]v', 'st_dlist_size_light_model'),
    (r'glFog[fi]v', 'st_dlist_size_fog'),
    (r'glTexEnv[fi]v', 'st_dlist_size_texenv'),
    (r'glTexGen[dfi]v', 'st_dlist_size_texgen'),
    (r'gl(Tex|Sampler)Parameter(I?u?i|f)v', 'st_dlist_size_texparam'),
    (r'glPointParameter[fi]v', 'st_dlist_size_point_parameter'),
    (r'glClearBuffer(i|ui|f)v', 'st_dlist_size_clear_buffer'),
    (r'glCallLists', 'st_dlist_size_call_lists'),
    (r'glMap1[df]', 'st_dlist_size_map1'),
    (r'glMap2[df]', 'st_dlist_size_map2'),
    (r'gl(Tex|TexSub)Image1D', 'st_dlist_size_image1d'),
    (r'gl(DrawPixels|Tex(Sub)?Image2D)', 'st_dlist_size_image2d'),
    (r'glTex(Sub)?Image3D', 'st_dlist_size_image3d'),
    (r'glBitmap', 'st_dlist_size_bitmap'),
    (r'glPolygonStipple', 'st_dlist_size_stipple'),
]

ENUM_NAMES = {
    0x0000: 'GL_NONE',
    0x0001: 'GL_ONE',
}
