# SPDX-License-Identifier: MIT
"""Reading xwd(1) screenshots (X Window Dump, file version 7), standard
library only.

An xwd file is a header of 25 big-endian 32-bit fields (the first is the
header's size, which includes the window name after the fields), then
ncolors 12-byte colour entries, then the image: height rows of
bytes_per_line bytes in the server's byte order.  Only ZPixmap images of
TrueColor or DirectColor visuals stored in 32-bit pixels are read (what
xwd writes for depth 24 and 32 windows; for depth 24 it puts 24 in
bits_per_pixel while the rows hold 4 bytes a pixel); anything else is
reported as corrupt.
"""

import struct

HEADER_FIELDS = (
    'header_size', 'file_version', 'pixmap_format', 'pixmap_depth',
    'pixmap_width', 'pixmap_height', 'xoffset', 'byte_order', 'bitmap_unit',
    'bitmap_bit_order', 'bitmap_pad', 'bits_per_pixel', 'bytes_per_line',
    'visual_class', 'red_mask', 'green_mask', 'blue_mask', 'bits_per_rgb',
    'colormap_entries', 'ncolors', 'window_width', 'window_height',
    'window_x', 'window_y', 'window_bdrwidth')
ZPIXMAP = 2
TRUE_COLOR, DIRECT_COLOR = 4, 5


class XwdError(Exception):
    """The file is not an xwd image this module can read."""


class Image:
    """An RGB image: width, height and pixel(x, y) -> (r, g, b)."""

    def __init__(self, width, height, rows):
        self.width = width
        self.height = height
        self._rows = rows

    def pixel(self, x, y):
        return self._rows[y][x]

    def pixels(self, x0=0, y0=0, x1=None, y1=None):
        """Every pixel of the rectangle [x0, x1) x [y0, y1)."""
        x1 = self.width if x1 is None else x1
        y1 = self.height if y1 is None else y1
        for y in range(y0, y1):
            row = self._rows[y]
            for x in range(x0, x1):
                yield row[x]


def _shift(mask):
    if mask == 0:
        raise XwdError('empty colour mask')
    s = 0
    while not mask & 1:
        mask >>= 1
        s += 1
    return s, mask


def parse(data):
    """The Image in the bytes of an xwd file; XwdError if it is not one."""
    if len(data) < 100:
        raise XwdError('shorter than an xwd header')
    h = dict(zip(HEADER_FIELDS, struct.unpack('>25I', data[:100])))
    if h['file_version'] != 7 or h['header_size'] < 100:
        raise XwdError('not an xwd file (version %d)' % h['file_version'])
    if h['pixmap_format'] != ZPIXMAP or h['bits_per_pixel'] not in (24, 32):
        raise XwdError('not a 24/32-bit ZPixmap image')
    if h['visual_class'] not in (TRUE_COLOR, DIRECT_COLOR):
        raise XwdError('visual class %d is not TrueColor' % h['visual_class'])
    width, height = h['pixmap_width'], h['pixmap_height']
    stride = h['bytes_per_line']
    if width == 0 or height == 0 or stride < width * 4:
        raise XwdError('bad size %dx%d, %d bytes per line'
                       % (width, height, stride))
    start = h['header_size'] + 12 * h['ncolors']
    if len(data) < start + stride * height:
        raise XwdError('image data truncated')
    order = '<' if h['byte_order'] == 0 else '>'
    shifts = [_shift(h[m]) for m in ('red_mask', 'green_mask', 'blue_mask')]
    rows = []
    for y in range(height):
        off = start + y * stride
        words = struct.unpack_from('%s%dI' % (order, width), data, off)
        row = []
        for w in words:
            rgb = []
            for s, m in shifts:
                v = (w >> s) & m
                rgb.append(v * 255 // m)
            row.append(tuple(rgb))
        rows.append(row)
    return Image(width, height, rows)


def read(path):
    with open(path, 'rb') as f:
        return parse(f.read())


def write_ppm(image, path):
    """Saves @image as a binary PPM (for looking at a failure)."""
    with open(path, 'wb') as f:
        f.write(b'P6\n%d %d\n255\n' % (image.width, image.height))
        for y in range(image.height):
            f.write(bytes(c for p in image._rows[y] for c in p))
