import { describe, expect, it } from 'vitest';
import { sectionRetryFrames, sectionTarget, scrollWhenPresent } from '../../src/lib/scrollToSection';

const url = (href: string) => new URL(href, 'https://example.test');

describe('section target', () => {
  it('prefers the section query parameter over the hash', () => {
    expect(sectionTarget(url('/?section=packages#contact'))).toBe('packages');
  });
  it('falls back to the hash', () => {
    expect(sectionTarget(url('/#packages'))).toBe('packages');
    expect(sectionTarget(url('/#roi%2Dmetrics'))).toBe('roi-metrics');
  });
  it('is null without either', () => {
    expect(sectionTarget(url('/'))).toBeNull();
    expect(sectionTarget(url('/?section=#'))).toBeNull();
  });
});

function frames() {
  const queue: Array<() => void> = [];
  return {
    nextFrame: (callback: () => void) => void queue.push(callback),
    run(count: number) {
      for (let i = 0; i < count && queue.length; i += 1) queue.shift()!();
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('scroll when present', () => {
  it('scrolls at once when the element exists', async () => {
    const scrolled: string[] = [];
    const found = await scrollWhenPresent('about', {
      find: (id) => id,
      nextFrame: () => {},
      scroll: (el) => scrolled.push(el),
    });
    expect(found).toBe(true);
    expect(scrolled).toEqual(['about']);
  });

  it('retries each frame until the element appears', async () => {
    const scheduler = frames();
    let exists = false;
    const scrolled: string[] = [];
    const result = scrollWhenPresent('packages', {
      find: (id) => (exists ? id : null),
      nextFrame: scheduler.nextFrame,
      scroll: (el) => scrolled.push(el),
    });
    scheduler.run(10);
    expect(scrolled).toEqual([]);
    exists = true;
    scheduler.run(1);
    expect(await result).toBe(true);
    expect(scrolled).toEqual(['packages']);
  });

  it('gives up after 40 frames', async () => {
    const scheduler = frames();
    let lookups = 0;
    const result = scrollWhenPresent('missing', {
      find: () => {
        lookups += 1;
        return null;
      },
      nextFrame: scheduler.nextFrame,
      scroll: () => {
        throw new Error('must not scroll');
      },
    });
    scheduler.run(1000);
    expect(await result).toBe(false);
    expect(lookups).toBe(sectionRetryFrames + 1);
    expect(scheduler.pending).toBe(0);
  });
});
