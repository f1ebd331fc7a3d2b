// Redis messages carry an HMAC of their channel and body: whoever can publish on a shared Redis without the
// deployment's secret cannot inject events, and a message signed for one channel does not verify on another.
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_HEX = 64;

const sign = (secret: string, channel: string, body: string) => createHmac('sha256', secret).update(channel).update('\n').update(body).digest();

/** `<hex hmac>.<body>` */
export const signMessage = (secret: string, channel: string, body: string): string => `${sign(secret, channel, body).toString('hex')}.${body}`;

/** The body when the signature holds, else null. */
export const verifyMessage = (secret: string, channel: string, message: string): string | null => {
  if (message.length <= SIGNATURE_HEX || message[SIGNATURE_HEX] !== '.') return null;
  const given = Buffer.from(message.slice(0, SIGNATURE_HEX), 'hex');
  if (given.length !== SIGNATURE_HEX / 2) return null;
  const body = message.slice(SIGNATURE_HEX + 1);
  return timingSafeEqual(given, sign(secret, channel, body)) ? body : null;
};
