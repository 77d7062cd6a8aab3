/**
 * The browser's MQTT: a subscriber of MQTT 3.1.1 over WebSocket, as much of the protocol as live
 * push needs — CONNECT with username and password, SUBSCRIBE, PUBLISH received at QoS 0 or 1 (QoS 1
 * answered with PUBACK), PINGREQ keepalive, DISCONNECT. It speaks to AWS IoT Core (custom
 * authorizer login) and to the local aedes broker alike. Reconnecting is the caller's part
 * (live-topics.ts): a connection here is used once.
 */

interface MqttOptions {
  url: string;
  username: string;
  password: string;
  clientId: string;
  /** Seconds between pings; AWS IoT accepts 30–1200. Default 60. */
  keepaliveSeconds?: number;
  /** Default 10 s. */
  connectTimeoutMs?: number;
}

interface MqttEvents {
  /** The broker accepted the login (CONNACK 0). */
  onConnect(): void;
  onMessage(topic: string, payload: Uint8Array): void;
  /** Closed — refused, dropped, timed out or ended — once, and always after `openMqtt` returned. */
  onClose(): void;
}

export interface MqttConnection {
  /** Resolves when the broker granted every filter; rejects when it refused one (SUBACK 0x80). */
  subscribe(filters: readonly string[], qos?: 0 | 1): Promise<void>;
  /** DISCONNECT (when connected) and close. */
  end(): void;
}

// Control packet types (MQTT 3.1.1 §2.2.1).
export const CONNECT = 1;
export const CONNACK = 2;
export const PUBLISH = 3;
export const PUBACK = 4;
export const SUBSCRIBE = 8;
export const SUBACK = 9;
const PINGREQ = 12;
const PINGRESP = 13;
export const DISCONNECT = 14;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A UTF-8 string with its two-byte length (§1.5.3). */
const utf8 = (text: string): number[] => {
  const bytes = encoder.encode(text);
  return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
};
const uint16 = (value: number) => [value >> 8, value & 0xff];

/** Fixed header (type, flags, remaining length as a variable-byte integer, §2.2.3) and body. */
export const packet = (
  type: number,
  flags: number,
  body: readonly number[] = [],
): Uint8Array<ArrayBuffer> => {
  const length: number[] = [];
  let rest = body.length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    length.push(byte);
  } while (rest > 0);
  return Uint8Array.from([(type << 4) | flags, ...length, ...body]);
};

const USERNAME_FLAG = 0x80;
const PASSWORD_FLAG = 0x40;
const CLEAN_SESSION_FLAG = 0x02;

/** CONNECT, protocol level 4 (3.1.1), clean session, with username and password (§3.1). */
export const connectPacket = (options: MqttOptions & { keepaliveSeconds: number }) =>
  packet(CONNECT, 0, [
    ...utf8('MQTT'),
    4,
    USERNAME_FLAG | PASSWORD_FLAG | CLEAN_SESSION_FLAG,
    ...uint16(options.keepaliveSeconds),
    ...utf8(options.clientId),
    ...utf8(options.username),
    ...utf8(options.password),
  ]);

/** SUBSCRIBE carries the reserved flags 0010 (§3.8.1). */
export const subscribePacket = (packetId: number, filters: readonly string[], qos: 0 | 1) =>
  packet(SUBSCRIBE, 0b0010, [...uint16(packetId), ...filters.flatMap((filter) => [...utf8(filter), qos])]);

interface Packet {
  type: number;
  flags: number;
  body: Uint8Array;
}

/** Cuts the byte stream into packets: a WebSocket message may hold part of one, or several. */
export class PacketReader {
  private buffer = new Uint8Array(0);

  push(chunk: Uint8Array): Packet[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    const packets: Packet[] = [];
    let offset = 0;
    for (;;) {
      const header = joined[offset];
      if (header === undefined) break;
      let length = 0;
      let multiplier = 1;
      let index = offset + 1;
      let complete = false;
      for (let digits = 0; digits < 4 && index < joined.length; digits++) {
        const byte = joined[index++] ?? 0;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete) {
        if (index - offset > 4) throw new Error('malformed remaining length');
        break;
      }
      if (index + length > joined.length) break;
      packets.push({ type: header >> 4, flags: header & 0x0f, body: joined.slice(index, index + length) });
      offset = index + length;
    }
    this.buffer = joined.slice(offset);
    return packets;
  }
}

const readUint16 = (body: Uint8Array, offset = 0) => ((body[offset] ?? 0) << 8) | (body[offset + 1] ?? 0);

/** A PUBLISH packet's topic, QoS, packet id (QoS > 0) and payload (§3.3). */
const readPublish = ({ flags, body }: Packet) => {
  const topicLength = readUint16(body);
  const topic = decoder.decode(body.subarray(2, 2 + topicLength));
  const qos = (flags >> 1) & 0b11;
  const packetId = qos > 0 ? readUint16(body, 2 + topicLength) : undefined;
  return { topic, qos, packetId, payload: body.subarray(2 + topicLength + (qos > 0 ? 2 : 0)) };
};

/** Opens one connection; the events say how it goes. */
export function openMqtt(options: MqttOptions, events: MqttEvents): MqttConnection {
  const keepaliveSeconds = options.keepaliveSeconds ?? 60;
  const reader = new PacketReader();
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextPacketId = 1;
  let connected = false;
  let closed = false;
  let lastHeard = Date.now();
  let pinger: ReturnType<typeof setInterval> | undefined;
  let socket: WebSocket | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(connectTimer);
    clearInterval(pinger);
    for (const { reject } of pending.values()) reject(new Error('connection closed'));
    pending.clear();
    if (socket && socket.readyState !== WebSocket.CLOSED) socket.close();
    events.onClose();
  };
  const send = (bytes: Uint8Array<ArrayBuffer>) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(bytes);
  };
  connectTimer = setTimeout(close, options.connectTimeoutMs ?? 10_000);

  const receive = (received: Packet) => {
    lastHeard = Date.now();
    switch (received.type) {
      case CONNACK: {
        // Return code 0: accepted; anything else (4: bad username or password) is a refusal.
        if (connected || received.body[1] !== 0) return close();
        connected = true;
        clearTimeout(connectTimer);
        // The broker drops a client silent for 1.5 × keepalive; one without answers is dropped here.
        pinger = setInterval(() => {
          if (Date.now() - lastHeard > keepaliveSeconds * 1500) return close();
          send(packet(PINGREQ, 0));
        }, keepaliveSeconds * 1000);
        events.onConnect();
        return;
      }
      case PUBLISH: {
        const message = readPublish(received);
        if (message.qos === 1 && message.packetId !== undefined)
          send(packet(PUBACK, 0, uint16(message.packetId)));
        // QoS 2 is never asked for (subscribe takes 0 or 1), so a broker never sends it.
        if (message.qos <= 1) events.onMessage(message.topic, message.payload);
        return;
      }
      case SUBACK: {
        const packetId = readUint16(received.body);
        const waiting = pending.get(packetId);
        pending.delete(packetId);
        const codes = [...received.body.subarray(2)];
        if (codes.some((code) => (code & 0x80) !== 0)) waiting?.reject(new Error('subscription refused'));
        else waiting?.resolve();
        return;
      }
      case PINGRESP:
        return;
      default:
        // Nothing else is sent to a subscriber that never publishes.
        return close();
    }
  };

  try {
    socket = new WebSocket(options.url, 'mqtt');
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => send(connectPacket({ ...options, keepaliveSeconds }));
    socket.onmessage = (event: MessageEvent) => {
      if (!(event.data instanceof ArrayBuffer)) return close();
      try {
        for (const received of reader.push(new Uint8Array(event.data))) receive(received);
      } catch {
        close();
      }
    };
    socket.onerror = close;
    socket.onclose = close;
  } catch {
    // A URL the browser refuses: closed, after the caller has its handle.
    setTimeout(close, 0);
  }

  return {
    subscribe(filters, qos = 0) {
      if (!connected || closed) return Promise.reject(new Error('not connected'));
      const packetId = nextPacketId;
      nextPacketId = (nextPacketId % 0xffff) + 1;
      return new Promise<void>((resolve, reject) => {
        pending.set(packetId, { resolve, reject });
        send(subscribePacket(packetId, filters, qos));
      });
    },
    end() {
      if (connected && !closed) send(packet(DISCONNECT, 0));
      close();
    },
  };
}
