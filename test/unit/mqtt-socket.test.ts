import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONNACK,
  connectPacket,
  type MqttConnection,
  openMqtt,
  PacketReader,
  PUBACK,
  PUBLISH,
  packet,
  SUBACK,
  subscribePacket,
} from '../../frontend/src/lib/mqtt-socket.ts';

/** A WebSocket stand-in: records what the client sends and lets the test play the broker. */
class FakeSocket {
  static last: FakeSocket | undefined;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readonly sent: number[][] = [];
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  readonly protocol: string;
  constructor(url: string, protocol: string) {
    this.url = url;
    this.protocol = protocol;
    FakeSocket.last = this;
  }
  send(bytes: Uint8Array) {
    this.sent.push([...bytes]);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(...chunks: number[][]) {
    for (const chunk of chunks) this.onmessage?.({ data: Uint8Array.from(chunk).buffer });
  }
}

const bytes = (text: string) => [...new TextEncoder().encode(text)];
const publish = (topic: string, payload: string, qos: 0 | 1, packetId = 0) =>
  packet(PUBLISH, qos << 1, [
    0,
    topic.length,
    ...bytes(topic),
    ...(qos ? [packetId >> 8, packetId & 0xff] : []),
    ...bytes(payload),
  ]);

let realWebSocket: unknown;
beforeEach(() => {
  realWebSocket = globalThis.WebSocket;
  Object.defineProperty(globalThis, 'WebSocket', { value: FakeSocket, configurable: true });
});
afterEach(() => {
  Object.defineProperty(globalThis, 'WebSocket', { value: realWebSocket, configurable: true });
});

const connected = () => {
  const events = { connects: 0, closes: 0, messages: [] as { topic: string; text: string }[] };
  const connection: MqttConnection = openMqtt(
    { url: 'wss://iot.example/mqtt', username: 'jwt', password: 'token', clientId: 'u1-abc' },
    {
      onConnect: () => events.connects++,
      onMessage: (topic, payload) => events.messages.push({ topic, text: new TextDecoder().decode(payload) }),
      onClose: () => events.closes++,
    },
  );
  const socket = FakeSocket.last!;
  socket.open();
  socket.receive([...packet(CONNACK, 0, [0, 0])]);
  return { connection, socket, events };
};

describe('MQTT 3.1.1 packets', () => {
  it('CONNECT: protocol MQTT level 4, username + password + clean session, keepalive, then the strings', () => {
    const sent = [
      ...connectPacket({ url: '', username: 'jwt', password: 'pw', clientId: 'c', keepaliveSeconds: 60 }),
    ];
    expect(sent).toEqual([
      0x10,
      22,
      0,
      4,
      ...bytes('MQTT'),
      4,
      0xc2,
      0,
      60,
      0,
      1,
      ...bytes('c'),
      0,
      3,
      ...bytes('jwt'),
      0,
      2,
      ...bytes('pw'),
    ]);
  });

  it('SUBSCRIBE carries the flags 0010, the packet id and each filter with its QoS', () => {
    expect([...subscribePacket(7, ['a/b'], 1)]).toEqual([0x82, 8, 0, 7, 0, 3, ...bytes('a/b'), 1]);
  });

  it('encodes a remaining length over 127 in two bytes (a long token in CONNECT)', () => {
    const long = packet(PUBLISH, 0, new Array(200).fill(0));
    expect([...long.slice(0, 3)]).toEqual([0x30, 200 - 128 + 0x80, 1]);
  });

  it('reads packets split across messages and several in one message', () => {
    const reader = new PacketReader();
    const one = [...publish('t', 'hello', 0)];
    const two = [...packet(SUBACK, 0, [0, 1, 0])];
    expect(reader.push(Uint8Array.from(one.slice(0, 4)))).toEqual([]);
    const packets = reader.push(Uint8Array.from([...one.slice(4), ...two]));
    expect(packets.map((p) => p.type)).toEqual([PUBLISH, SUBACK]);
  });
});

describe('openMqtt', () => {
  it('connects to the URL with the mqtt subprotocol and sends CONNECT when the socket opens', () => {
    const { socket, events } = connected();
    expect(socket.url).toBe('wss://iot.example/mqtt');
    expect(socket.protocol).toBe('mqtt');
    expect(socket.sent[0]?.[0]).toBe(0x10);
    expect(events.connects).toBe(1);
  });

  it('answers a QoS 1 PUBLISH with PUBACK carrying its packet id, and a QoS 0 one with nothing', () => {
    const { socket, events } = connected();
    const before = socket.sent.length;
    socket.receive([...publish('user/u1/notifications', '{"id":"n1"}', 1, 0x1234)]);
    socket.receive([...publish('user/u1/refresh', '{}', 0)]);
    expect(socket.sent.slice(before)).toEqual([[PUBACK << 4, 2, 0x12, 0x34]]);
    expect(events.messages).toEqual([
      { topic: 'user/u1/notifications', text: '{"id":"n1"}' },
      { topic: 'user/u1/refresh', text: '{}' },
    ]);
  });

  it('a refused login (CONNACK 4) closes without connecting', () => {
    openMqtt(
      { url: 'ws://x/mqtt', username: 'jwt', password: 'bad', clientId: 'c' },
      { onConnect: () => expect.unreachable(), onMessage: () => {}, onClose: () => {} },
    );
    const socket = FakeSocket.last!;
    socket.open();
    socket.receive([...packet(CONNACK, 0, [0, 4])]);
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
  });

  it('resolves a subscription on SUBACK and rejects one the broker refused (0x80)', async () => {
    const { connection, socket } = connected();
    const granted = connection.subscribe(['user/u1/#']);
    const refused = connection.subscribe(['user/u2/#']);
    socket.receive([...packet(SUBACK, 0, [0, 1, 0])], [...packet(SUBACK, 0, [0, 2, 0x80])]);
    await expect(granted).resolves.toBeUndefined();
    await expect(refused).rejects.toThrow('subscription refused');
  });

  it('ends with DISCONNECT and reports the close once', () => {
    const { connection, socket, events } = connected();
    connection.end();
    connection.end();
    expect(socket.sent.at(-1)).toEqual([0xe0, 0]);
    expect(events.closes).toBe(1);
  });
});
