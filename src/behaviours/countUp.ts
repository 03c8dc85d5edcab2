import { counterSteps, counterTiming } from '../lib/counters';
import { formatCount } from '../lib/format';
import { behaviour } from './behaviour';

/** The why-us hero's figures count up from zero (unless the visitor asks for less motion). */
export default behaviour(() => {
  const counters = [...document.querySelectorAll<HTMLElement>('[data-count-to]')];
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (!counters.length || reduceMotion) return;
  const runs = counters.map((element) => ({ element, steps: counterSteps(Number(element.dataset.countTo)) }));
  for (const { element } of runs) element.textContent = '0';
  window.setTimeout(() => {
    let tick = 0;
    const timer = window.setInterval(() => {
      for (const { element, steps } of runs)
        element.textContent = formatCount(steps[Math.min(tick, steps.length - 1)]!);
      tick += 1;
      if (runs.every(({ steps }) => tick >= steps.length)) window.clearInterval(timer);
    }, counterTiming.tickMs);
  }, counterTiming.delayMs);
});
