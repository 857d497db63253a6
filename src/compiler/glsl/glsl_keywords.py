# SPDX-License-Identifier: MIT
"""The GLSL / ESSL keyword table, as data, read by glsl_keywords_gen.py.

Each keyword has a history per language, written as a string of
STATE+VERSION steps in increasing version order:

    K130   a keyword from version 1.30 on
    R110   a reserved word (using it is an error) from 1.10 on
    I140   an ordinary identifier from 1.40 on

Before the first step the word is an ordinary identifier; "" means it is an
identifier in every version of that language.  Sources: the keyword and
reserved-word lists (section 3.6 / 3.7) of GLSL 1.10, 1.20, 1.30, 1.40,
1.50, 3.30 and ESSL 1.00, 3.00; later versions (GLSL 4.x, ESSL 3.1/3.2)
are covered where a word changes state there (double types, image types,
memory qualifiers), cross-checked against Mesa's glsl_lexer.ll.

A keyword's token is GLSL_TOK_<NAME> unless token= names another one
(true and false are both GLSL_TOK_BOOLCONST).
"""

# Versions the generator knows; a shader version between two of them uses
# the lower one.
GL_VERSIONS = (110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450,
               460)
ES_VERSIONS = (100, 300, 310, 320)

# Token kinds that are not keywords or operators, in enum order.
SPECIAL_TOKENS = (
    ('EOF', 'end of input'),
    ('ERROR', 'invalid token'),
    ('IDENTIFIER', 'identifier'),
    ('INTCONST', 'integer constant'),
    ('UINTCONST', 'unsigned integer constant'),
    ('FLOATCONST', 'floating-point constant'),
    ('DOUBLECONST', 'double constant'),
    ('BOOLCONST', 'boolean constant'),
)

# GLSL 4.60, 5.1 "Operators" plus punctuation (3.1 character set).
OPERATORS = (
    ('<<=', 'LEFT_ASSIGN'), ('>>=', 'RIGHT_ASSIGN'),
    ('++', 'INC_OP'), ('--', 'DEC_OP'), ('<=', 'LE_OP'), ('>=', 'GE_OP'),
    ('==', 'EQ_OP'), ('!=', 'NE_OP'), ('&&', 'AND_OP'), ('||', 'OR_OP'),
    ('^^', 'XOR_OP'), ('<<', 'LEFT_OP'), ('>>', 'RIGHT_OP'),
    ('*=', 'MUL_ASSIGN'), ('/=', 'DIV_ASSIGN'), ('+=', 'ADD_ASSIGN'),
    ('-=', 'SUB_ASSIGN'), ('%=', 'MOD_ASSIGN'), ('&=', 'AND_ASSIGN'),
    ('^=', 'XOR_ASSIGN'), ('|=', 'OR_ASSIGN'),
    ('(', 'LEFT_PAREN'), (')', 'RIGHT_PAREN'), ('[', 'LEFT_BRACKET'),
    (']', 'RIGHT_BRACKET'), ('{', 'LEFT_BRACE'), ('}', 'RIGHT_BRACE'),
    ('.', 'DOT'), (',', 'COMMA'), (':', 'COLON'), ('=', 'EQUAL'),
    (';', 'SEMICOLON'), ('!', 'BANG'), ('-', 'DASH'), ('~', 'TILDE'),
    ('+', 'PLUS'), ('*', 'STAR'), ('/', 'SLASH'), ('%', 'PERCENT'),
    ('<', 'LEFT_ANGLE'), ('>', 'RIGHT_ANGLE'), ('|', 'VERTICAL_BAR'),
    ('^', 'CARET'), ('&', 'AMPERSAND'), ('?', 'QUESTION'),
)

KEYWORDS = []


def kw(names, gl, es, token=None):
    """Declares the space-separated @names with histories @gl and @es."""
    for name in names.split():
        KEYWORDS.append((name, gl, es, token))


ALL = ('K110', 'K100')

# --- In every version ---------------------------------------------------
kw('const uniform in out inout struct void bool int float', *ALL)
kw('break continue do for while if else discard return', *ALL)
kw('true false', *ALL, token='BOOLCONST')
kw('vec2 vec3 vec4 ivec2 ivec3 ivec4 bvec2 bvec3 bvec4 mat2 mat3 mat4', *ALL)
kw('sampler2D samplerCube', *ALL)

# ESSL 3.00, 3.8: attribute and varying are reserved.
kw('attribute varying', 'K110', 'K100 R300')
kw('invariant', 'K120', 'K100')
kw('precision lowp mediump highp', 'R110 K130', 'K100')

# --- GLSL 1.20 / ESSL 3.00 ----------------------------------------------
kw('centroid', 'K120', 'K300')
kw('mat2x2 mat2x3 mat2x4 mat3x2 mat3x3 mat3x4 mat4x2 mat4x3 mat4x4',
   'K120', 'K300')

# --- GLSL 1.30 ----------------------------------------------------------
kw('uint uvec2 uvec3 uvec4', 'K130', 'K300')
kw('switch default', 'R110 K130', 'R100 K300')
# Not in the GLSL 1.10 / ESSL 1.00 reserved lists (Mesa reserves it anyway).
kw('case', 'K130', 'K300')
kw('flat', 'K130', 'R100 K300')
kw('smooth', 'K130', 'K300')
kw('noperspective', 'K130', 'R300')

# --- Samplers -----------------------------------------------------------
kw('sampler1D sampler1DShadow', 'K110', 'R100')
kw('sampler3D sampler2DShadow', 'K110', 'R100 K300')
kw('sampler1DArray sampler1DArrayShadow', 'K130', 'R300')
kw('sampler2DArray sampler2DArrayShadow samplerCubeShadow', 'K130', 'K300')
kw('isampler1D isampler1DArray usampler1D usampler1DArray', 'K130', 'R300')
kw('isampler2D isampler3D isamplerCube isampler2DArray', 'K130', 'K300')
kw('usampler2D usampler3D usamplerCube usampler2DArray', 'K130', 'K300')
kw('sampler2DRect sampler2DRectShadow', 'R110 K140', 'R100')
kw('isampler2DRect usampler2DRect', 'K140', 'R300')
kw('samplerBuffer', 'R130 K140', 'R300 K320')
kw('isamplerBuffer usamplerBuffer', 'K140', 'R300 K320')
kw('sampler2DMS isampler2DMS usampler2DMS', 'K150', 'R300 K310')
kw('sampler2DMSArray isampler2DMSArray usampler2DMSArray', 'K150',
   'R300 K320')
kw('samplerCubeArray samplerCubeArrayShadow isamplerCubeArray '
   'usamplerCubeArray', 'K400', 'K320')
kw('sampler3DRect', 'R110', 'R100')

# --- GLSL 1.40 / ESSL 3.00: layout and uniform blocks --------------------
kw('layout', 'K140', 'K300')
kw('row_major', 'R130 K140', '')
kw('packed', 'R110 K140', 'R100 K300')

# --- GLSL 4.x / ESSL 3.1+ ------------------------------------------------
kw('double', 'R110 K400', 'R100')
kw('dvec2 dvec3 dvec4', 'R110 K400', 'R100')
kw('dmat2 dmat3 dmat4 dmat2x2 dmat2x3 dmat2x4 dmat3x2 dmat3x3 dmat3x4 '
   'dmat4x2 dmat4x3 dmat4x4', 'K400', '')
kw('patch sample', 'K400', 'R300 K320')
kw('subroutine', 'K400', 'R300')
kw('precise', 'K400', 'K320')
kw('atomic_uint', 'K420', 'R300 K310')
kw('coherent restrict readonly writeonly', 'K420', 'R300 K310')
kw('volatile', 'R110 K420', 'R100 K310')
kw('buffer shared', 'K430', 'K310')
kw('image2D image3D imageCube image2DArray iimage2D iimage3D iimageCube '
   'iimage2DArray uimage2D uimage3D uimageCube uimage2DArray',
   'R130 K420', 'R300 K310')
kw('image1D image1DArray iimage1D iimage1DArray uimage1D uimage1DArray',
   'R130 K420', 'R300')
kw('imageBuffer iimageBuffer uimageBuffer', 'R130 K420', 'R300 K320')
kw('image1DShadow image2DShadow image1DArrayShadow image2DArrayShadow',
   'R130', '')

# --- Reserved for future use ----------------------------------------------
kw('asm class union enum typedef template this goto inline noinline '
   'public static extern external interface long short half fixed '
   'unsigned input output hvec2 hvec3 hvec4 fvec2 fvec3 fvec4 sizeof cast '
   'namespace using', 'R110', 'R100')
kw('superp', 'R130', 'R100')
kw('common partition active filter', 'R130', 'R300')
kw('resource', '', 'R300')
