# SPDX-License-Identifier: MIT
"""The pixel formats of Indium, each described once.

u_format_gen.py turns this list into enum pipe_format, the descriptor
table and the pack/unpack functions.  The enum values follow the order of
FORMATS (PIPE_FORMAT_NONE is 0), so appending keeps existing values.

Naming follows Gallium: channels are listed from the lowest address (array
packing) or from the least significant bit (bitfield packing).  So
B5G6R5_UNORM has blue in bits 4:0 of a 16-bit word, and B8G8R8A8_UNORM is
the bytes B, G, R, A.  Multi-byte words are in host byte order; Indium only
supports little-endian hosts, where both orders agree for byte-sized fields.

A format is fmt(name, packing, channels, swizzle, colorspace):

- packing: 'array'     every channel a power-of-two number of bytes, stored
                       one after the other;
           'bitfield'  channels packed into one 16, 32 or 64-bit word, first
                       channel in the low bits;
           'rgb9e5'    GL's shared-exponent format (hand-written conversion);
           's3tc', 'rgtc', 'etc'  4x4 compressed blocks (no per-texel
                           functions; blocks are decoded by u_format_s3tc.c,
                           u_format_rgtc.c, u_format_etc.c).
- channels: space-separated TYPE+BITS, TYPE one of
            un (unorm), sn (snorm), u (uint), s (sint), f (float),
            x (fixed 16.16: the descriptor types know it, but the generator
            rejects it until some format needs pack code for it),
            v (void: padding, written as zero).
- swizzle: four characters giving, for R, G, B, A in turn, the channel
           (x y z w) or constant (0 1) that supplies it; '_' for none (depth
           and stencil formats leave colour components undefined).
- colorspace: 'rgb', 'srgb' (R, G, B go through the sRGB transfer function;
              alpha stays linear) or 'zs' (depth x, stencil y by swizzle).
"""

FORMATS = []


def fmt(name, packing, channels, swizzle, colorspace='rgb',
        block=(1, 1), block_bits=None):
    FORMATS.append(dict(name=name, packing=packing,
                        channels=channels.split() if channels else [],
                        swizzle=swizzle, colorspace=colorspace,
                        block=block, block_bits=block_bits))


# Normalised and integer colour formats, 8, 16 and 32 bits per channel.
_TYPES = {'UNORM': 'un', 'SNORM': 'sn', 'UINT': 'u', 'SINT': 's',
          'FLOAT': 'f'}
_SHAPES = [('R', 'x001'), ('RG', 'xy01'), ('RGB', 'xyz1'), ('RGBA', 'xyzw')]


def _plain_family(bits, types):
    for letters, swizzle in _SHAPES:
        name = ''.join(f'{c}{bits}' for c in letters)
        for t in types:
            code = _TYPES[t]
            fmt(f'{name}_{t}', 'array',
                ' '.join(f'{code}{bits}' for _ in letters), swizzle)


_plain_family(8, ['UNORM', 'SNORM', 'UINT', 'SINT'])
_plain_family(16, ['UNORM', 'SNORM', 'UINT', 'SINT', 'FLOAT'])
_plain_family(32, ['UINT', 'SINT', 'FLOAT'])

# BGRA and sRGB.
fmt('B8G8R8A8_UNORM', 'array', 'un8 un8 un8 un8', 'zyxw')
fmt('B8G8R8A8_SRGB', 'array', 'un8 un8 un8 un8', 'zyxw', 'srgb')
fmt('R8G8B8A8_SRGB', 'array', 'un8 un8 un8 un8', 'xyzw', 'srgb')
fmt('R8G8B8_SRGB', 'array', 'un8 un8 un8', 'xyz1', 'srgb')

# Packed colour formats, laid out as GL's packed pixel types with the same
# names: UNSIGNED_INT_10F_11F_11F_REV has R in bits 10:0,
# UNSIGNED_INT_5_9_9_9_REV has R in bits 8:0 and the exponent in bits 31:27,
# UNSIGNED_INT_2_10_10_10_REV has R in bits 9:0.
fmt('R11G11B10_FLOAT', 'bitfield', 'f11 f11 f10', 'xyz1')
fmt('R9G9B9E5_FLOAT', 'rgb9e5', 'f9 f9 f9 v5', 'xyz1')
fmt('R10G10B10A2_UNORM', 'bitfield', 'un10 un10 un10 un2', 'xyzw')
fmt('R10G10B10A2_UINT', 'bitfield', 'u10 u10 u10 u2', 'xyzw')
fmt('B5G6R5_UNORM', 'bitfield', 'un5 un6 un5', 'zyx1')
fmt('B5G5R5A1_UNORM', 'bitfield', 'un5 un5 un5 un1', 'zyxw')
fmt('B4G4R4A4_UNORM', 'bitfield', 'un4 un4 un4 un4', 'zyxw')

# Compatibility-profile luminance, alpha and intensity formats, read as the
# GL 4.6 compatibility profile's base internal formats say: L = (L, L, L, 1),
# A = (0, 0, 0, A), I = (I, I, I, I), LA = (L, L, L, A).
for _bits, _code, _t in [(8, 'un', 'UNORM'), (16, 'un', 'UNORM'),
                         (16, 'f', 'FLOAT'), (32, 'f', 'FLOAT')]:
    fmt(f'L{_bits}_{_t}', 'array', f'{_code}{_bits}', 'xxx1')
    fmt(f'A{_bits}_{_t}', 'array', f'{_code}{_bits}', '000x')
    fmt(f'I{_bits}_{_t}', 'array', f'{_code}{_bits}', 'xxxx')
    fmt(f'L{_bits}A{_bits}_{_t}', 'array', f'{_code}{_bits} {_code}{_bits}',
        'xxxy')
# GL 2.1 SLUMINANCE8 / SLUMINANCE8_ALPHA8.
fmt('L8_SRGB', 'array', 'un8', 'xxx1', 'srgb')
fmt('L8A8_SRGB', 'array', 'un8 un8', 'xxxy', 'srgb')

# Depth and stencil.  In the 32-bit combined formats the name lists the
# channels from bit 0 up:
# - Z24_UNORM_S8_UINT: depth in bits 23:0, stencil in bits 31:24 (Gallium's
#   usual DEPTH24_STENCIL8 storage).
# - S8_UINT_Z24_UNORM: stencil in bits 7:0, depth in bits 31:8, which is the
#   client layout of GL type UNSIGNED_INT_24_8.
fmt('Z16_UNORM', 'array', 'un16', 'x___', 'zs')
fmt('Z32_FLOAT', 'array', 'f32', 'x___', 'zs')
fmt('Z24_UNORM_S8_UINT', 'bitfield', 'un24 u8', 'xy__', 'zs')
fmt('S8_UINT_Z24_UNORM', 'bitfield', 'u8 un24', 'yx__', 'zs')
fmt('Z24X8_UNORM', 'bitfield', 'un24 v8', 'x___', 'zs')
fmt('X8Z24_UNORM', 'bitfield', 'v8 un24', 'y___', 'zs')
# 64 bits: a float depth in the low word, stencil in bits 39:32
# (GL type FLOAT_32_UNSIGNED_INT_24_8_REV).
fmt('Z32_FLOAT_S8X24_UINT', 'bitfield', 'f32 u8 v24', 'xy__', 'zs')
fmt('S8_UINT', 'array', 'u8', '_x__', 'zs')

# Compressed formats: descriptor entries only, decoded by hand-written code
# (channels describe the decoded texel, not the block).
for _name, _bits, _swz, _cs in [
        ('DXT1_RGB', 64, 'xyz1', 'rgb'), ('DXT1_RGBA', 64, 'xyzw', 'rgb'),
        ('DXT3_RGBA', 128, 'xyzw', 'rgb'), ('DXT5_RGBA', 128, 'xyzw', 'rgb'),
        ('DXT1_SRGB', 64, 'xyz1', 'srgb'), ('DXT1_SRGBA', 64, 'xyzw', 'srgb'),
        ('DXT3_SRGBA', 128, 'xyzw', 'srgb'),
        ('DXT5_SRGBA', 128, 'xyzw', 'srgb')]:
    fmt(_name, 's3tc', 'un8 un8 un8' + (' un8' if 'A' in _name[5:] else ''),
        _swz, _cs, block=(4, 4), block_bits=_bits)
fmt('RGTC1_UNORM', 'rgtc', 'un8', 'x001', block=(4, 4), block_bits=64)
fmt('RGTC1_SNORM', 'rgtc', 'sn8', 'x001', block=(4, 4), block_bits=64)
fmt('RGTC2_UNORM', 'rgtc', 'un8 un8', 'xy01', block=(4, 4), block_bits=128)
fmt('RGTC2_SNORM', 'rgtc', 'sn8 sn8', 'xy01', block=(4, 4), block_bits=128)
# ETC1 (OES_compressed_ETC1_RGB8_texture), ETC2 and EAC (ES 3.0, GL 4.3):
# RGB8, RGB8 with punch-through alpha (A1), RGBA8 with an EAC alpha block,
# and the 11-bit EAC red / red-green formats, unsigned and signed.
for _name, _bits, _chans, _swz, _cs in [
        ('ETC1_RGB8', 64, 'un8 un8 un8', 'xyz1', 'rgb'),
        ('ETC2_RGB8', 64, 'un8 un8 un8', 'xyz1', 'rgb'),
        ('ETC2_SRGB8', 64, 'un8 un8 un8', 'xyz1', 'srgb'),
        ('ETC2_RGB8A1', 64, 'un8 un8 un8 un8', 'xyzw', 'rgb'),
        ('ETC2_SRGB8A1', 64, 'un8 un8 un8 un8', 'xyzw', 'srgb'),
        ('ETC2_RGBA8', 128, 'un8 un8 un8 un8', 'xyzw', 'rgb'),
        ('ETC2_SRGBA8', 128, 'un8 un8 un8 un8', 'xyzw', 'srgb'),
        ('ETC2_R11_UNORM', 64, 'un16', 'x001', 'rgb'),
        ('ETC2_R11_SNORM', 64, 'sn16', 'x001', 'rgb'),
        ('ETC2_RG11_UNORM', 128, 'un16 un16', 'xy01', 'rgb'),
        ('ETC2_RG11_SNORM', 128, 'sn16 sn16', 'xy01', 'rgb')]:
    fmt(_name, 'etc', _chans, _swz, _cs, block=(4, 4), block_bits=_bits)

# Vertex formats of GL 3.3 that textures do not need: the signed and the
# BGRA-ordered 2_10_10_10_REV types (ARB_vertex_type_2_10_10_10_rev,
# ARB_vertex_array_bgra).
fmt('R10G10B10A2_SNORM', 'bitfield', 'sn10 sn10 sn10 sn2', 'xyzw')
fmt('R10G10B10A2_SINT', 'bitfield', 's10 s10 s10 s2', 'xyzw')
fmt('B10G10R10A2_UNORM', 'bitfield', 'un10 un10 un10 un2', 'zyxw')
fmt('B10G10R10A2_SNORM', 'bitfield', 'sn10 sn10 sn10 sn2', 'zyxw')

# GL 3.3 vertex attributes of type DOUBLE (glVertexAttribPointer converts
# them to float on fetch): 64-bit IEEE channels, unpacked to the nearest
# float (too large magnitudes give infinity) and packed from float exactly.
for _letters, _swizzle in _SHAPES:
    fmt(''.join(f'{c}64' for c in _letters) + '_FLOAT', 'array',
        ' '.join('f64' for _ in _letters), _swizzle)
