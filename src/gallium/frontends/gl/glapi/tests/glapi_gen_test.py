#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of glapi_gen.py, glapi_dlist.py and glapi_apis.py: deterministic
output, the API sets of a few commands, aliases, the glBegin/glEnd list,
which stubs are external symbols, the display-list save side (which
commands are compiled, how parameters and pointed-to data are recorded),
and rejection of a bad description.  Prints TAP.

    glapi_gen_test.py GLAPI_GEN_PY GLAPI_APIS_PY GL_XML GL_H GLEXT_H
"""

import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read(outdir, name):
    with open(os.path.join(outdir, name), encoding='utf-8') as f:
        return f.read()


def stub_mask(table_c, name):
    """The API bits glapi_table.c gives @p name."""
    m = re.search(r'\{"' + name + r'", \(st_proc\)\w+, \(st_proc\)\w+,\n'
                  r'\s*([^}]*)\}', table_c)
    if not m:
        return None
    return set(re.findall(r'ST_API_BIT_(\w+)', m.group(1)))


def main():
    gen_path, apis_path, xml_path, gl_h, glext_h = sys.argv[1:6]
    gen = load(gen_path, 'glapi_gen')
    desc = load(apis_path, 'glapi_apis')
    results = []

    def check(name, ok):
        results.append((name, bool(ok)))

    with tempfile.TemporaryDirectory() as a, \
            tempfile.TemporaryDirectory() as b:
        for outdir in (a, b):
            subprocess.run([sys.executable, gen_path, apis_path, xml_path,
                            gl_h, glext_h, outdir], check=True)
        same = all(read(a, f) == read(b, f) for f in sorted(os.listdir(a)))
        check('output is deterministic', same and len(os.listdir(a)) == 11)

        table = read(a, 'glapi_table.c')
        names = re.findall(r'^   \{"(gl\w+)"', table, re.M)
        check('the table is sorted and unique',
              names == sorted(set(names), key=lambda n: n.encode()))
        check('glBegin is compatibility only',
              stub_mask(table, 'glBegin') == {'COMPAT'})
        check('glClear is in every API',
              stub_mask(table, 'glClear') == {'COMPAT', 'CORE', 'ES2'})
        check('glGenVertexArrays: core, ES 3.0, ARB_vertex_array_object',
              stub_mask(table, 'glGenVertexArrays') ==
              {'COMPAT', 'CORE', 'ES3'})
        check('GL 4.x commands are absent',
              stub_mask(table, 'glDispatchCompute') is None)

        stubs = read(a, 'glapi_stubs.c')
        check('an alias calls its target',
              re.search(r'glapi_stub_BindBufferARB\([^)]*\)\n\{[^}]*'
                        r'api_BindBuffer\(ctx', stubs) is not None)
        check('glVertex3f is allowed between glBegin and glEnd',
              'glapi_begin_end_ok(ctx, true, "glVertex3f")' in stubs)
        check('glGetError is not allowed between glBegin and glEnd',
              re.search(r'glapi_stub_GetError\(.*\n\{\n.*\n.*false,',
                        stubs) is not None)

        decls = read(a, 'glapi_table.h')
        check('glClear is an external symbol',
              '__asm__("glClear")' in decls)
        check('glBindVertexArrayOES (absent from glext.h) is not',
              'glapi_stub_BindVertexArrayOES(GLuint array);' in decls)
        check('glapi_api.h declares api_ of alias targets only',
              'api_BindBuffer(' in read(a, 'glapi_api.h') and
              'api_BindBufferARB(' not in read(a, 'glapi_api.h'))

        save_h = read(a, 'glapi_save.h')
        save_c = read(a, 'glapi_save.c')

        def stub(name):
            m = re.search(r'\nglapi_stub_' + name + r'\(.*?\n\}\n', stubs,
                          re.S)
            return m.group(0) if m else ''

        def save_fn(name):
            m = re.search(r'\nglapi_save_' + name + r'\(.*?\n\}\n', save_c,
                          re.S)
            return m.group(0) if m else ''

        check('a compiled command records before the glBegin/glEnd check',
              re.search(r'glapi_current\(.*if \(ctx->list_mode && '
                        r'!glapi_save_Color4f\(ctx, red, green, blue, '
                        r'alpha\)\).*glapi_begin_end_ok', stub('Color4f'),
                        re.S) is not None)
        check('glColor4f records its four floats',
              all(f'rec[{i}].f = {n};' in save_fn('Color4f')
                  for i, n in enumerate(('red', 'green', 'blue', 'alpha'),
                                        1)) and
              'api_Color4f(ctx, (GLfloat)n[1].f, (GLfloat)n[2].f, '
              '(GLfloat)n[3].f, (GLfloat)n[4].f);' in save_c)
        check('commands executed immediately have no save function',
              all('glapi_save_' + n + '(' not in save_h
                  for n in ('GenLists', 'NewList', 'EndList', 'GetFloatv',
                            'ReadPixels', 'IsList', 'BindBuffer',
                            'VertexPointer', 'PixelStorei', 'Flush',
                            'DeleteTextures', 'EnableClientState')) and
              'list_mode' not in stub('GenLists'))
        check('an alias records its target',
              'glapi_save_UseProgram(ctx, (GLuint)programObj)' in
              stub('UseProgramObjectARB') and
              'glapi_save_BeginQuery(ctx, target, id)' in
              stub('BeginQueryARB'))
        check('fixed lengths copy that many elements',
              'bytes_v = v ? (4) * sizeof(GLfloat) : 0;' in save_fn('Color4fv')
              and '(16) * sizeof(GLfloat)' in save_fn('LoadMatrixf'))
        check('count * N lengths use the count parameter',
              '(count > 0 ? (size_t)count : 0) * 4' in
              save_fn('UniformMatrix2fv'))
        check('COMPSIZE(pname) lengths call the family size function',
              'st_dlist_size_light(ctx, pname)' in save_fn('Lightfv') and
              'st_dlist_size_texparam(ctx, pname)' in
              save_fn('TexParameterfv') and
              'st_dlist_size_call_lists(ctx, n, type)' in save_fn('CallLists'))
        teximage = save_fn('TexImage2D')
        check('image commands read under the unpack state, proxies run now',
              'st_dlist_is_proxy_target(target)' in teximage and
              'st_dlist_image_map(ctx, pixels' in teximage and
              'st_dlist_save_unpack(ctx, &rec_image, &rec[10])' in teximage and
              re.search(r'st_dlist_unpack_begin\(ctx, &n\[10\], &saved\);'
                        r'\s*api_TexImage2D\(', save_c) is not None)
        check('draws have hand-written saves',
              'bool st_dlist_save_DrawArrays(' in save_h and
              'GLAPI_OP_DrawArrays' not in save_h and
              'st_dlist_save_DrawArrays(ctx, mode, first, count)' in
              stub('DrawArrays'))
        check('the replay knows which records run inside glBegin/glEnd',
              '[GLAPI_OP_Vertex3f] = true' in save_c and
              '[GLAPI_OP_CallList] = true' in save_c and
              '[GLAPI_OP_Clear] = true' not in save_c)

    root = ET.parse(xml_path).getroot()
    commands = [c.find('proto/name').text
                for c in root.find('commands').findall('command')]
    unmatched = [r for r in desc.BEGIN_END_COMMANDS
                 if not any(re.fullmatch(r, c) for c in commands)]
    check('every glBegin/glEnd pattern names commands', not unmatched)

    for name in ('DLIST_IMMEDIATE_COMMANDS', 'DLIST_SAVE_BY_HAND',
                 'DLIST_IMAGE_COMMANDS'):
        unmatched = [r for r in getattr(desc, name)
                     if not any(re.fullmatch(r, c) for c in commands)]
        check(f'every {name} pattern names commands', not unmatched)
    unmatched = [r for r, _ in desc.DLIST_SIZE_FUNCTIONS
                 if not any(re.fullmatch(r, c) for c in commands)]
    check('every DLIST_SIZE_FUNCTIONS pattern names commands', not unmatched)

    saved = list(desc.DLIST_SIZE_FUNCTIONS)
    desc.DLIST_SIZE_FUNCTIONS[:] = [e for e in saved if e[0] != r'glFog[fi]v']
    commands_x = gen.parse_commands(root)
    for key, names in gen.api_commands(root, desc).items():
        for n in names:
            commands_x[n].mask.add(key)
    try:
        gen.glapi_dlist.save_infos(root, commands_x, desc)
        check('a compiled COMPSIZE length without size function is rejected',
              False)
    except SystemExit as e:
        check('a compiled COMPSIZE length without size function is rejected',
              'glFogfv: no size for params' in str(e))
    desc.DLIST_SIZE_FUNCTIONS[:] = saved

    desc.EXTENSIONS.append(('GL_ARB_shader_objects', ('CORE',)))
    try:
        gen.extension_commands(root, desc)
        check('an extension gl.xml lacks in an API is rejected', False)
    except SystemExit as e:
        check('an extension gl.xml lacks in an API is rejected',
              'does not support' in str(e))
    desc.EXTENSIONS.pop()

    print(f'1..{len(results)}')
    for i, (name, ok) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
    return 0 if all(ok for _, ok in results) else 1


if __name__ == '__main__':
    sys.exit(main())
