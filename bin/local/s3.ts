/** Local S3: s3rver storing objects under a directory, with the buckets created on start. */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { S3ClientConfig } from '@aws-sdk/client-s3';

export interface LocalS3 {
  endpoint: string;
  close(): Promise<void>;
}

export interface StartS3Options {
  dir: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  buckets: string[];
}

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string; configs?: string[] }[];
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverInstance;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};

/** The credentials every local AWS client uses; s3rver only knows its own S3RVER key unless told. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);

/**
 * The browser uploads with a presigned POST straight to this server (another port than the web
 * app) and shows photos from presigned GETs, as from the cloud bucket (lib/data-stack.ts `cors`).
 */
const BROWSER_CORS = `<CORSConfiguration><CORSRule>
<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
<AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>
<MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startS3(opts: StartS3Options): Promise<LocalS3> {
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.dir, { recursive: true });
  const server = new S3rver({
    address: host,
    port: opts.port ?? 0,
    directory: opts.dir,
    silent: true,
    // Existing buckets and their objects are kept.
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [BROWSER_CORS] })),
  });
  const { port } = await server.run();

  let closing: Promise<void> | undefined;
  return {
    endpoint: `http://${host}:${port}`,
    close: () => {
      closing ??= server.close();
      return closing;
    },
  };
}

/** The S3Client configuration every local caller (handlers, seeding, tests) must use. */
export function localS3ClientConfig(endpoint: string): S3ClientConfig {
  return {
    endpoint,
    forcePathStyle: true,
    region: 'eu-central-1',
    credentials: LOCAL_CREDENTIALS,
    // s3rver stores the aws-chunked framing of a checksummed streaming upload as the object's content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}
