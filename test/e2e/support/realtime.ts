/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * Resolves once the panel in `page` has joined `room` and the server acknowledged it: Socket.IO's `subscribe` frame
 * naming the room, then an `{ ok: true }` acknowledgement. Call it before the page opens its socket (e.g. before
 * sign-in), so no frame goes unseen; a test then changes data elsewhere knowing the change will reach the page.
 */
export function joinedRoom(page: Page, room: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      let asked = false;
      ws.on('framesent', (f) => {
        if (String(f.payload).includes(`"subscribe","${room}"`)) asked = true;
      });
      ws.on('framereceived', (f) => {
        if (asked && /^43\d*\[\{"ok":true\}\]$/.test(String(f.payload))) resolve();
      });
    });
  });
}
