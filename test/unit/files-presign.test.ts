import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySigV4 } from '../../bin/local/sigv4.ts';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { contentDisposition } from '../../functions/platform/files/file-types.ts';
import { presignedGetUrl } from '../../functions/platform/files/s3.ts';

/**
 * A download link in AWS (issue 11 §7): a path on the web app's own origin, which CloudFront's
 * `/org/*` behavior sends to the bucket's regional host with the query string as it is. The
 * signature must hold for that host, and it covers the Content-Type and Content-Disposition S3
 * answers with.
 */
const BUCKET = 'windsock-test-files';
const HOST = `${BUCKET}.s3.eu-central-1.amazonaws.com`;
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'windsock-test',
    FILES_BUCKET: BUCKET,
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'example-secret',
  });
  delete process.env.S3_ENDPOINT;
  resetEnvForTests();
});
afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

describe('presignedGetUrl in AWS', () => {
  it('is a same-origin path whose signature S3 accepts, naming the type and the disposition', async () => {
    // Prepare
    const serveAs = {
      contentType: 'image/jpeg' as const,
      contentDisposition: contentDisposition('image/jpeg', 'bal szárny.jpg'),
    };

    // Act
    const url = await presignedGetUrl('org/org-1/faults/f-1/4f0c.jpg', serveAs, 600);
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    const verified = verifySigV4({ method: 'GET', path, query, headers: { host: HOST } }, (id) =>
      id === 'AKIDEXAMPLE' ? 'example-secret' : undefined,
    );
    const elsewhere = verifySigV4(
      { method: 'GET', path, query, headers: { host: 'evil.example.org' } },
      () => 'example-secret',
    );

    // Assess
    expect(path).toBe('/org/org-1/faults/f-1/4f0c.jpg');
    expect(params.get('response-content-type')).toBe('image/jpeg');
    expect(params.get('response-content-disposition')).toBe(serveAs.contentDisposition);
    expect(params.get('X-Amz-Expires')).toBe('600');
    expect(verified?.accessKeyId).toBe('AKIDEXAMPLE');
    expect(elsewhere).toBeNull();
  });

  it('refuses a key outside the prefixes CloudFront serves', async () => {
    await expect(
      presignedGetUrl('backup/p-1/doc.pdf', {
        contentType: 'application/pdf',
        contentDisposition: 'attachment',
      }),
    ).rejects.toThrow();
  });

  it('cannot be turned into an HTML page: changing the named type breaks the signature', async () => {
    // Prepare
    const url = await presignedGetUrl('org/o/f/x.jpg', {
      contentType: 'image/jpeg',
      contentDisposition: 'inline',
    });
    const [path = '', query = ''] = url.split('?');

    // Act
    const changed = query.replace('response-content-type=image%2Fjpeg', 'response-content-type=text%2Fhtml');
    const verified = verifySigV4(
      { method: 'GET', path, query: changed, headers: { host: HOST } },
      () => 'example-secret',
    );

    // Assess
    expect(changed).not.toBe(query);
    expect(verified).toBeNull();
  });
});
