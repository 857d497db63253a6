/* SPDX-License-Identifier: MIT */

/*
 * Pixel formats for the pipe interface.  enum pipe_format and the format
 * descriptors are generated from src/gallium/auxiliary/format/formats.py
 * into u_format_table.h; u_format.h holds the lookups and the pack/unpack
 * row helpers.  This header exists so that interface users include one
 * pipe header and do not depend on where the format table lives.
 */
#ifndef P_FORMAT_H
#define P_FORMAT_H

#include "u_format_table.h"
#include "u_format.h"

#endif
