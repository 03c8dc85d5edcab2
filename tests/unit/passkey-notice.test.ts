import { describe, expect, test } from 'vitest';
import { challengeIssuedAt, newChallengeId } from '../../src/server/auth/passkeyChallenges';
import { passkeyAddedMail } from '../../src/server/messages';
import { describeBrowser, plainPasskeyName } from '../../src/server/messages/mail/owner';
import { passkeyIdSchema } from '../../src/lib/schemas/passkeys';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe('the browser named in the passkey mail', () => {
  test('comes from a fixed list of browsers and systems', () => {
    expect(describeBrowser(UA.chromeMac)).toBe('Chrome on macOS');
    expect(describeBrowser(UA.edgeWindows)).toBe('Edge on Windows');
    expect(describeBrowser(UA.safariIphone)).toBe('Safari on iPhone');
    expect(describeBrowser(UA.chromeIphone)).toBe('Chrome on iPhone');
    expect(describeBrowser(UA.firefoxLinux)).toBe('Firefox on Linux');
    expect(describeBrowser(UA.samsungAndroid)).toBe('Samsung Internet on Android');
  });

  test('never repeats what the header said', () => {
    expect(describeBrowser(null)).toBe('an unknown browser');
    expect(describeBrowser('Visit https://evil.example to keep your account')).toBe('an unknown browser');
  });
});

describe('the passkey name in the mail', () => {
  // A plain name as docs/decisions/0028-visitor-mail-carries-only-our-words.md defines it.
  test('is shown when it is a plain name, digits allowed', () => {
    expect(plainPasskeyName('Work laptop')).toBe('Work laptop');
    expect(plainPasskeyName('  iPhone   15 ')).toBe('iPhone 15');
    expect(plainPasskeyName('Téléphone 2')).toBe('Téléphone 2');
  });

  test('is left out when it is a link, a host, a sentence or too long', () => {
    for (const name of [
      'https://evil.example',
      'evil.example',
      'Call +91 99999 now!',
      'Ignore this mail it is fine',
      'x'.repeat(41),
      '<b>Key</b>',
    ]) {
      expect(plainPasskeyName(name)).toBeNull();
    }
    const mail = passkeyAddedMail(
      { name: 'verify at evil.example', createdAt: '2027-01-06T09:15:00Z', userAgent: UA.chromeMac },
      'https://cccedu.example',
    );
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('evil');
    expect(mail.text).toContain('on 6 Jan 2027, 2:45 pm IST from Chrome on macOS.');
  });
});

describe('a sign-in challenge id', () => {
  test('carries the time it was issued, in the 24 characters the browser sends back', () => {
    const id = newChallengeId(Date.parse('2027-01-06T09:15:00Z'));
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(challengeIssuedAt(id)).toBe(Date.parse('2027-01-06T09:15:00Z'));
    expect(challengeIssuedAt('short')).toBeNull();
  });
});

describe('a credential id', () => {
  test('is base64url of 16 to 255 characters', () => {
    expect(passkeyIdSchema.safeParse('A'.repeat(255)).success).toBe(true);
    expect(passkeyIdSchema.safeParse('A'.repeat(256)).success).toBe(false);
    expect(passkeyIdSchema.safeParse('A'.repeat(15)).success).toBe(false);
    expect(passkeyIdSchema.safeParse(`${'A'.repeat(20)}/`).success).toBe(false);
  });
});
