# SPDX-License-Identifier: MIT
"""The drivers compared and how each is selected through glvnd.

- indium: the build tree's EGL vendor JSON (__EGL_VENDOR_LIBRARY_FILENAMES)
  and GLX vendor (__GLX_VENDOR_LIBRARY_NAME=indium, found through
  LD_LIBRARY_PATH), as `meson devenv` sets them.
- llvmpipe, softpipe: Debian's Mesa (libgl1-mesa-dri, libegl-mesa0)
  through its EGL vendor JSON and __GLX_VENDOR_LIBRARY_NAME=mesa, with
  GALLIUM_DRIVER naming the Gallium driver.

Thread counts are each driver's default (llvmpipe: one rasterizer
thread a core; Indium: INDIUM_NUM_THREADS, default one a core).
"""

import os

DRIVERS = ('indium', 'llvmpipe', 'softpipe')
MESA_EGL_JSON = '/usr/share/glvnd/egl_vendor.d/50_mesa.json'

# A word of the GL_RENDERER string of each driver, to check that the
# driver asked for is the one that ran.
RENDERER_WORD = {'indium': 'indium', 'llvmpipe': 'llvmpipe',
                 'softpipe': 'softpipe'}


def glvnd_dir(build):
    return os.path.join(os.path.abspath(build), 'src', 'gallium', 'targets',
                        'glvnd')


def indium_egl_json(build):
    return os.path.join(glvnd_dir(build), 'indium_build.json')


def env(driver, build, base=None):
    """The environment that selects @driver (EGL and GLX)."""
    e = dict(os.environ if base is None else base)
    for var in ('GALLIUM_DRIVER', 'LIBGL_ALWAYS_SOFTWARE', 'EGL_PLATFORM',
                '__EGL_VENDOR_LIBRARY_DIRS'):
        e.pop(var, None)
    if driver == 'indium':
        e['__EGL_VENDOR_LIBRARY_FILENAMES'] = indium_egl_json(build)
        e['__GLX_VENDOR_LIBRARY_NAME'] = 'indium'
        e['LD_LIBRARY_PATH'] = os.pathsep.join(
            p for p in (glvnd_dir(build), e.get('LD_LIBRARY_PATH')) if p)
    else:
        e['__EGL_VENDOR_LIBRARY_FILENAMES'] = MESA_EGL_JSON
        e['__GLX_VENDOR_LIBRARY_NAME'] = 'mesa'
        e['GALLIUM_DRIVER'] = driver
        e['LIBGL_ALWAYS_SOFTWARE'] = '1'
    return e


def renderer_matches(driver, renderer):
    return RENDERER_WORD[driver] in (renderer or '').lower()
