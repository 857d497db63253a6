# SPDX-License-Identifier: MIT
"""The intrinsics of the IR, declared once.

An intrinsic is an operation that is not pure arithmetic: I/O, memory,
derivatives, control (discard, barriers), system values and the registers
of non-SSA code.  Each has sources (with a fixed component count, or 0 for
"as many as the intrinsic's num_components"), an optional destination
(likewise), named constant indices, and flags:

  CAN_ELIMINATE  no side effects: dead-code elimination may remove it
  CAN_REORDER    result depends only on its sources: it may move and be
                 merged by value numbering (loads of mutable memory may not)
  DERIVATIVE     reads other lanes of its quad (must see helper lanes)

The file is read by ir_opcodes_gen.py; it is data and has no behaviour.
"""

CAN_ELIMINATE = 1
CAN_REORDER = 2
DERIVATIVE = 4

# Constant indices an intrinsic may carry, in the order they are stored.
INDICES = [
    ('base', 'first location, offset or register element'),
    ('range', 'size in bytes (uniforms) or locations of what may be read'),
    ('component', 'first component within a vec4 location'),
    ('write_mask', 'components written'),
    ('location', 'varying slot / frag-data slot before driver_location'),
    ('io_semantics', 'packed I/O semantics (dual source index, ...)'),
    ('num_components', 'components of a register (decl_reg)'),
    ('bit_size', 'bit size of a register (decl_reg)'),
    ('num_array_elems', 'array length of a register, 0 if none'),
    ('interp_mode', 'interpolation: smooth, flat, noperspective'),
    ('memory_scope', 'scope of a barrier'),
    ('stream', 'geometry shader stream'),
]

INTRINSICS = []


def intrinsic(name, srcs=(), dest=None, indices=(), flags=0, doc=''):
    """srcs: component counts (0 = num_components); dest: component count
    (0 = num_components) or None for no destination."""
    for i in indices:
        assert i in [n for n, _ in INDICES], i
    INTRINSICS.append(dict(name=name, srcs=list(srcs), dest=dest,
                           indices=list(indices), flags=flags, doc=doc))


E, R = CAN_ELIMINATE, CAN_REORDER

# --- Variables (until lowered) --------------------------------------------
intrinsic('load_deref', [1], 0, [], E, 'load through a deref (src 0)')
intrinsic('store_deref', [1, 0], None, ['write_mask'], 0,
          'store src 1 through the deref src 0')
intrinsic('copy_deref', [1, 1], None, [], 0, 'copy *src1 to *src0')

# --- Lowered I/O ------------------------------------------------------------
intrinsic('load_input', [1], 0, ['base', 'component', 'location',
                                 'interp_mode'], E | R,
          'shader input at base + src0 (vec4 slots)')
intrinsic('load_output', [1], 0, ['base', 'component', 'location'], E,
          'read back an output (framebuffer fetch, tess)')
intrinsic('store_output', [0, 1], None,
          ['base', 'component', 'write_mask', 'location', 'io_semantics'],
          0, 'write src0 to output base + src1')
intrinsic('load_uniform', [1], 0, ['base', 'range'], E | R,
          'default uniform block: byte offset base + src0')
intrinsic('load_ubo', [1, 1], 0, ['range'], E | R,
          'uniform block src0 at byte offset src1')

# --- Fragment -----------------------------------------------------------------
intrinsic('discard', [], None, [], 0, 'kill the lane; it stops executing')
intrinsic('discard_if', [1], None, [], 0, 'discard when src0 is true')
intrinsic('demote', [], None, [], 0,
          'turn the lane into a helper: keeps running, writes nothing')
intrinsic('demote_if', [1], None, [], 0, 'demote when src0 is true')
intrinsic('is_helper_invocation', [], 1, [], E, 'true in helper lanes')
intrinsic('load_frag_coord', [], 4, [], E | R, 'gl_FragCoord')
intrinsic('load_front_face', [], 1, [], E | R, 'gl_FrontFacing')
intrinsic('load_point_coord', [], 2, [], E | R, 'gl_PointCoord')
intrinsic('load_sample_id', [], 1, [], E | R, 'gl_SampleID')
intrinsic('load_sample_pos', [], 2, [], E | R, 'gl_SamplePosition')
intrinsic('load_sample_mask_in', [], 1, [], E | R, 'gl_SampleMaskIn[0]')
intrinsic('load_primitive_id', [], 1, [], E | R, 'gl_PrimitiveID')
intrinsic('load_layer_id', [], 1, [], E | R, 'gl_Layer in the fragment')

# Derivatives: the default forms let the implementation choose fine or
# coarse; the suffixed forms are exact (GL_ARB_derivative_control).
for axis in ('x', 'y'):
    for kind in ('', '_fine', '_coarse'):
        intrinsic(f'dd{axis}{kind}', [0], 0, [], E | R | DERIVATIVE,
                  f'derivative of src0 along {axis} ({kind[1:] or "either"})')

# --- Vertex / geometry system values ---------------------------------------
intrinsic('load_vertex_id', [], 1, [], E | R, 'gl_VertexID')
intrinsic('load_instance_id', [], 1, [], E | R, 'gl_InstanceID')
intrinsic('load_base_vertex', [], 1, [], E | R, 'base vertex of the draw')
intrinsic('load_base_instance', [], 1, [], E | R, 'base instance of the draw')
intrinsic('load_invocation_id', [], 1, [], E | R, 'gl_InvocationID')
intrinsic('emit_vertex', [], None, ['stream'], 0, 'EmitStreamVertex')
intrinsic('end_primitive', [], None, ['stream'], 0, 'EndStreamPrimitive')

# --- Synchronisation ---------------------------------------------------------
intrinsic('barrier', [], None, ['memory_scope'], 0,
          'control barrier across the workgroup')
intrinsic('memory_barrier', [], None, ['memory_scope'], 0, 'memory barrier')

# --- Registers of non-SSA code (after out-of-SSA) ----------------------------
intrinsic('decl_reg', [], 1, ['num_components', 'bit_size',
                             'num_array_elems'], E,
          'declares a register; its value is the register handle')
intrinsic('load_reg', [1], 0, ['base'], E,
          'read register src0 (element base)')
intrinsic('load_reg_indirect', [1, 1], 0, ['base'], E,
          'read register src0, element base + src1')
intrinsic('store_reg', [0, 1], None, ['base', 'write_mask'], 0,
          'write src0 into register src1 (element base)')
intrinsic('store_reg_indirect', [0, 1, 1], None, ['base', 'write_mask'], 0,
          'write src0 into register src1, element base + src2')
