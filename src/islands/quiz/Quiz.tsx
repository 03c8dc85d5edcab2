import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { usePreload } from '../dialog/usePreload';
import { useHydrated } from '../useHydrated';
import { $quizOpen } from '../../stores/dialogs';

// Renders nothing until a `data-open-quiz` trigger is used; the questions,
// scoring and dialogs load on demand.
const loadDialog = () => import('./QuizDialog');
const QuizDialog = lazy(loadDialog);

export default function Quiz() {
  const open = useStore($quizOpen);
  const hydrated = useHydrated();

  usePreload(loadDialog);

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!hydrated || !open) return <></>;
  return (
    <Suspense fallback={null}>
      <QuizDialog />
    </Suspense>
  );
}
