// How an access key is stored: the hex SHA-256 of the key. Keys carry 128 random bits, so a plain hash is
// enough to make a leaked table useless (no pepper: it would tie every key to one more secret to rotate).
import crypto from 'node:crypto';

export const accessKeyHash = (key: string): string => crypto.createHash('sha256').update(key, 'utf8').digest('hex');
