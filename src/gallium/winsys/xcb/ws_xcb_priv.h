/* SPDX-License-Identifier: MIT */

/*
 * What the winsys's two halves tell each other (ws_xcb.h): a drawable's
 * size query is a round trip, after which its image's shared segment is
 * free again.
 */
#ifndef WS_XCB_PRIV_H
#define WS_XCB_PRIV_H

struct ws_xcb_image;

/** A reply to a request sent after the last put has come back. */
void ws_xcb_image_round_trip_done(struct ws_xcb_image *image);

#endif
