# SPDX-License-Identifier: MIT
"""Reading PNG screenshots (weston-screenshooter's), standard library
only: 8-bit truecolour images with or without alpha (colour types 2 and
6), not interlaced, the five row filters of PNG 1.2, section 9.  Anything
else is reported as corrupt.  The image has xwd.Image's interface.
"""

import struct
import zlib

SIGNATURE = b'\x89PNG\r\n\x1a\n'


class PngError(Exception):
    """The file is not a PNG image this module can read."""


class Image:
    """An RGB image: width, height and pixel(x, y) -> (r, g, b)."""

    def __init__(self, width, height, channels, data):
        self.width = width
        self.height = height
        self._channels = channels
        self._data = data

    def pixel(self, x, y):
        i = (y * self.width + x) * self._channels
        return tuple(self._data[i:i + 3])

    def pixels(self, x0=0, y0=0, x1=None, y1=None):
        """The pixels of the rectangle [x0, x1) x [y0, y1), row by row."""
        x1 = self.width if x1 is None else x1
        y1 = self.height if y1 is None else y1
        for y in range(y0, y1):
            for x in range(x0, x1):
                yield self.pixel(x, y)


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(raw, width, height, bpp):
    stride = width * bpp
    out = bytearray(stride * height)
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        if pos + 1 + stride > len(raw):
            raise PngError('truncated image data')
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xff
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 0xff
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xff
        elif kind == 4:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                up_left = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + _paeth(left, prev[i], up_left)) & 0xff
        elif kind != 0:
            raise PngError('bad filter type %d' % kind)
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return out


def read(path):
    with open(path, 'rb') as f:
        data = f.read()
    if not data.startswith(SIGNATURE):
        raise PngError('not a PNG file')
    pos = len(SIGNATURE)
    header = None
    idat = []
    while pos + 8 <= len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PngError('truncated %r chunk' % kind)
        pos += 12 + length
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
    if header is None:
        raise PngError('no IHDR chunk')
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise PngError('unsupported PNG (depth %d, colour type %d, '
                       'interlace %d)' % (depth, colour, interlace))
    if not (0 < width <= 16384 and 0 < height <= 16384):
        raise PngError('bad size %dx%d' % (width, height))
    try:
        raw = zlib.decompress(b''.join(idat))
    except zlib.error as e:
        raise PngError('bad image data: %s' % e)
    channels = 3 if colour == 2 else 4
    return Image(width, height, channels,
                 _unfilter(raw, width, height, channels))
