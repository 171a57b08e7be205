import type { Page, WebSocketRoute } from '@playwright/test';
import { expect } from './test.ts';

/** The engine.io handshake of a connection that is refused right after it (see `cut`). */
const REFUSED_OPEN = `0${JSON.stringify({ sid: 'refused', upgrades: [], pingInterval: 25000, pingTimeout: 20000, maxPayload: 1e6 })}`;

/**
 * The page's connection to the real-time hub, passed through the test (Playwright's `routeWebSocket`; call before
 * the page opens): each socket goes on to the server and back, so that the test can see what the server sends
 * (Socket.IO frames: `40…` connected, `43<n>[…]` a join's answer, `42["event",…]` an event), cut the connection as a
 * network fault or a server restart would, and refuse the reconnections until it allows them again.
 */
export const routeHub = async (page: Page) => {
  let refusing = false;
  let refusingJoins = false;
  const open = new Set<WebSocketRoute>();
  /** The frames of the connections, in order: the server's as sent, the page's marked '> '. */
  const received: string[] = [];
  await page.routeWebSocket('**/socket.io/**', (ws) => {
    if (refusing) {
      // As a server going down answers: the connection opens and drops at once; the client tries again later.
      ws.send(REFUSED_OPEN);
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    open.add(ws);
    ws.onMessage((message) => {
      const frame = String(message);
      received.push(`> ${frame}`);
      // A refused join of an application's room is answered here, as the hub answers one it refuses.
      const join = refusingJoins ? /^42(\d+)\["join",\{"group":"application"/.exec(frame) : null;
      if (join) ws.send(`43${join[1]}[{"ok":false,"error":"forbidden"}]`);
      else server.send(message);
    });
    server.onMessage((message) => {
      received.push(String(message));
      ws.send(message);
    });
    server.onClose(() => {
      open.delete(ws);
      void ws.close();
    });
    ws.onClose(() => {
      open.delete(ws);
      void server.close();
    });
  });

  /** How many frames were seen so far (a mark for `waitFor`). */
  const mark = () => received.length;
  /** Waits until the server sent a frame matching `pattern` (after `since`, a mark). */
  const waitFor = async (pattern: RegExp, since = 0) =>
    expect.poll(() => received.slice(since).some((frame) => pattern.test(frame)), { timeout: 10_000 }).toBe(true);

  return {
    mark,
    waitFor,
    /** The socket is connected (the Socket.IO connect answer). */
    connected: (since = 0) => waitFor(/^40\{/, since),
    /** The hub answered the join of application `id`'s room: its worksheet is live. */
    joined: (id: number, since = 0) =>
      waitFor(new RegExp(`^43\\d+\\[\\{"ok":true,"room":"application:\\d+:${id}"`), since),
    /** Cuts every open connection; with `refuse`, each reconnection drops at once until `allow`. */
    cut: async ({ refuse }: { refuse: boolean }) => {
      refusing = refuse;
      const cutting = [...open];
      open.clear();
      await Promise.all(cutting.map((ws) => ws.close()));
    },
    allow: () => {
      refusing = false;
    },
    /** Whether the joins of application rooms are refused (from now on). */
    refuseJoins: (refuse: boolean) => {
      refusingJoins = refuse;
    },
  };
};
