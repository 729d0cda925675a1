/**
 * Our own captcha: an SVG of distorted characters drawn as paths (no text for a scraper to read),
 * or, as the accessible alternative, a sum written in words that a screen reader can say. Both
 * are single-use (consumed by the first answer, right or wrong), expire after a few minutes, and
 * are stored only as a keyed digest of the answer.
 */
import svgCaptcha from 'svg-captcha';
import { randomInt } from 'node:crypto';
import type { Model } from 'mongoose';
import type { CaptchaDoc } from '../../infra/accounts/models.js';
import { keyedDigest, randomToken, sameDigest } from './tokens.js';

export type CaptchaMode = 'image' | 'question';

export interface CaptchaChallenge {
  captchaId: string;
  mode: CaptchaMode;
  /** The SVG image (mode image). */
  svg: string | null;
  /** The question to read aloud (mode question). */
  question: string | null;
  expiresInSeconds: number;
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

const normalise = (answer: string) => answer.trim().toLowerCase().replace(/\s+/g, '');

export class CaptchaService {
  constructor(private readonly captchas: Model<CaptchaDoc>, private readonly key: string, private readonly ttlSeconds: number) {}

  async issue(mode: CaptchaMode, now = Date.now()): Promise<CaptchaChallenge> {
    let answers: string[];
    let svg: string | null = null;
    let question: string | null = null;
    if (mode === 'question') {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      question = `What is ${WORDS[a]} plus ${WORDS[b]}?`;
      const sum = a + b;
      answers = [String(sum), ...(WORDS[sum] ? [WORDS[sum]] : [])];
    } else {
      const c = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb', width: 150, height: 50 });
      svg = c.data;
      answers = [c.text];
    }
    const captchaId = randomToken(18);
    // One digest per accepted spelling, joined: the stored value never holds the answer itself.
    const answerHash = answers.map((x) => keyedDigest(this.key, `${captchaId}:${normalise(x)}`)).join(' ');
    await this.captchas.create({ _id: captchaId, answerHash, expiresAt: new Date(now + this.ttlSeconds * 1000) });
    return { captchaId, mode, svg, question, expiresInSeconds: this.ttlSeconds };
  }

  /** Consumes the challenge and says whether `answer` solves it (case-insensitive). */
  async solve(captchaId: string, answer: string, now = Date.now()): Promise<boolean> {
    const doc = await this.captchas.findOneAndDelete({ _id: captchaId, expiresAt: { $gt: new Date(now) } }).lean();
    if (!doc) return false;
    const given = keyedDigest(this.key, `${captchaId}:${normalise(answer)}`);
    return doc.answerHash.split(' ').some((h) => sameDigest(h, given));
  }

  async sweep(now = Date.now()): Promise<void> {
    await this.captchas.deleteMany({ expiresAt: { $lte: new Date(now) } });
  }
}
