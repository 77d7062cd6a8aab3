import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../functions/platform/config/env.ts';
import { db } from '../../functions/platform/db/service.ts';
import { mailPerson } from '../../functions/platform/mail/mail-person.ts';
import { resetMailForTests, sendMail } from '../../functions/platform/mail/send.ts';
import { STAND_IN_CREDENTIALS, startAwsStandIn } from '../helpers/aws-stand-in.ts';
import { type Platform, startPlatform } from '../helpers/platform.ts';

/**
 * Mail (docs/ARCHITECTURE.md "Mail"): locally every sendMail() lands in the outbox the developer reads at
 * /_local/outbox; in the cloud it is SES v2 SendEmail, here against a local server standing in for
 * SES — the request @aws-sdk/client-sesv2 sends, signed with the function's credentials.
 */
describe('mail on the local stack', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('lands in the outbox with its recipient, subject, text, HTML and tag', async () => {
    // Act
    const { messageId } = await sendMail({
      to: 'pilot@demo.windsock.aero',
      subject: 'Egyenleg értesítő',
      text: 'Az egyenlege 12 000 Ft.',
      html: '<p>Az egyenlege 12 000 Ft.</p>',
      tag: 'balance_low',
    });

    // Assess
    expect(platform.mail().at(-1)).toEqual({
      id: messageId,
      at: expect.any(String),
      from: expect.stringContaining('@'),
      to: 'pilot@demo.windsock.aero',
      subject: 'Egyenleg értesítő',
      text: 'Az egyenlege 12 000 Ft.',
      html: '<p>Az egyenlege 12 000 Ft.</p>',
      tag: 'balance_low',
    });
  });

  it('writes to a person in their own language, greeted by name, and leaves alone who turned mail off', async () => {
    // Prepare
    const pilot = (await db().entities.person.get({ user_id: 'user-pilot' }).go()).data!;
    const before = platform.mail().length;
    const message = {
      tag: 'message',
      subject: 'Szombati repülőnap',
      body: 'Szombaton 9-kor kezdünk.\n\nHozzátok a <papírokat>!',
      sender: 'Dunakeszi Sportrepülő Egyesület',
    };

    // Act
    const inHungarian = await mailPerson(pilot, message);
    await mailPerson({ ...pilot, lang: 'de' }, { ...message, link: 'https://app.example.org/messages/' });
    const off = await mailPerson({ ...pilot, email_notification_on: false }, message);
    const owed = await mailPerson({ ...pilot, email_notification_on: false }, { ...message, required: true });

    // Assess
    const sent = platform.mail().slice(before);
    expect(inHungarian).toEqual({ messageId: sent[0]?.id });
    expect(off).toEqual({ skipped: 'email_notification_off' });
    expect(owed).toEqual({ messageId: sent[2]?.id });
    expect(sent).toHaveLength(3);
    const [hu, de] = sent;
    expect(hu).toMatchObject({ to: pilot.email, subject: 'Szombati repülőnap', tag: 'message' });
    expect(hu!.text.split('\n\n').slice(0, 3)).toEqual([
      `Kedves ${pilot.last_name} ${pilot.first_name}!`,
      'Szombaton 9-kor kezdünk.',
      'Hozzátok a <papírokat>!',
    ]);
    expect(hu!.text).toContain('Dunakeszi Sportrepülő Egyesület nevében');
    expect(hu!.html).toContain('Hozzátok a &lt;papírokat&gt;!');
    expect(hu!.html).not.toContain('<papírokat>');
    expect(de!.text.split('\n\n')[0]).toBe(`Guten Tag ${pilot.first_name} ${pilot.last_name},`);
    expect(de!.text).toContain('In Windsock öffnen: https://app.example.org/messages/');
  });

  it('refuses a mail that could add a header or a recipient, and writes nothing', async () => {
    // Prepare
    const before = platform.mail().length;
    const mail = { to: 'pilot@demo.windsock.aero', subject: 'Hi', text: 'Body', tag: 'message' };

    // Act + Assess
    await expect(sendMail({ ...mail, to: 'a@example.org, b@example.org' })).rejects.toThrow(
      'mail refused: to',
    );
    await expect(sendMail({ ...mail, to: 'Eve <eve@example.org>' })).rejects.toThrow('mail refused: to');
    await expect(sendMail({ ...mail, subject: 'Hi\r\nBcc: eve@example.org' })).rejects.toThrow(
      'mail refused: subject',
    );
    await expect(sendMail({ ...mail, tag: 'two words' })).rejects.toThrow('mail refused: tag');
    expect(platform.mail()).toHaveLength(before);
  });
});

describe('mail in the cloud (SES v2 SendEmail)', () => {
  let ses: Awaited<ReturnType<typeof startAwsStandIn>>;
  const saved = { ...process.env };

  beforeAll(async () => {
    ses = await startAwsStandIn(() => ({ status: 200, body: { MessageId: 'ses-0001' } }));
    delete process.env.MAIL_OUTBOX_FILE;
    Object.assign(process.env, {
      ...STAND_IN_CREDENTIALS,
      TABLE_NAME: 'windsock-test',
      AWS_REGION: 'eu-central-1',
      MAIL_FROM: 'Windsock <noreply@mail.example.org>',
      SES_ENDPOINT: ses.url,
    });
    resetEnvForTests();
    resetMailForTests();
  });
  afterAll(async () => {
    process.env = saved;
    resetEnvForTests();
    resetMailForTests();
    await ses.close();
  });

  it('sends from the configured address with UTF-8 subject, text, HTML and the tag, signed for SES', async () => {
    // Act
    const result = await sendMail({
      to: 'pilot@demo.windsock.aero',
      subject: 'Egyenleg értesítő',
      text: 'Az egyenlege 12 000 Ft.',
      html: '<p>Az egyenlege 12 000 Ft.</p>',
      tag: 'balance_low',
    });

    // Assess
    expect(result).toEqual({ messageId: 'ses-0001' });
    expect(ses.requests).toHaveLength(1);
    const [request] = ses.requests;
    expect([request!.method, request!.url]).toEqual(['POST', '/v2/email/outbound-emails']);
    expect(request!.headers.authorization).toMatch(
      /Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/ses\/aws4_request/,
    );
    expect(JSON.parse(request!.body)).toEqual({
      FromEmailAddress: 'Windsock <noreply@mail.example.org>',
      Destination: { ToAddresses: ['pilot@demo.windsock.aero'] },
      Content: {
        Simple: {
          Subject: { Data: 'Egyenleg értesítő', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Az egyenlege 12 000 Ft.', Charset: 'UTF-8' },
            Html: { Data: '<p>Az egyenlege 12 000 Ft.</p>', Charset: 'UTF-8' },
          },
        },
      },
      EmailTags: [{ Name: 'tag', Value: 'balance_low' }],
    });
  });

  it('fails loudly in a function that was not given mail', async () => {
    // Prepare
    delete process.env.MAIL_FROM;
    resetEnvForTests();

    // Act + Assess
    await expect(
      sendMail({ to: 'pilot@demo.windsock.aero', subject: 'Hi', text: 'Body', tag: 'message' }),
    ).rejects.toThrow('mail is not configured');
  });
});
