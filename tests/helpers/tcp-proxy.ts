import net from 'node:net';

export type TcpProxy = {
  /** http://127.0.0.1:<port> of the proxy. */
  url: string;
  /** Sends each new connection to this port from now on (a load balancer's choice). */
  routeTo: (port: number) => void;
  /** New connections wait, accepted but not yet passed on, until release(). */
  hold: () => void;
  release: () => void;
  /** Drops every connection and refuses new ones (the service behind it went away)... */
  cut: () => Promise<void>;
  /** ...until it takes connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A load balancer in front of several instances, as small as it gets: each TCP connection is
 * piped to the instance chosen when it arrives; when that instance dies its connections drop,
 * and the browser's next ones go wherever the test routes them. In front of one service
 * (Redis), it can make that service go away and come back.
 */
export async function startTcpProxy(firstPort: number): Promise<TcpProxy> {
  let port = firstPort;
  let held: net.Socket[] | undefined;
  const sockets = new Set<net.Socket>();

  const pass = (client: net.Socket) => {
    const upstream = net.connect(port, '127.0.0.1');
    sockets.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    if (held === undefined) pass(client);
    else held.push(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${String(own)}`,
    routeTo(next) {
      port = next;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const client of waiting) if (!client.destroyed) pass(client);
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(own, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
