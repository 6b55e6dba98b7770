// Runs before each API test file: its apps get a Redis key prefix of their own. Every file's databases start their
// ids at 1, so without it two files running side by side would share player 1's login counters and socket room.
import { randomBytes } from 'node:crypto';

process.env.REDIS_KEY_PREFIX = `t-${randomBytes(5).toString('hex')}:`;
