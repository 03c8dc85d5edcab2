import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { lazyDialog } from '../dialog/lazyDialog';
import { useHydrated } from '../useHydrated';
import { $quizOpen } from '../../stores/dialogs';

// Renders nothing until a `data-open-quiz` trigger is used; the questions,
// scoring and dialogs load on demand.
const QuizDialog = lazyDialog(() => import('./QuizDialog'));

export default function Quiz() {
  const open = useStore($quizOpen);
  const hydrated = useHydrated();

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!hydrated || !open) return <></>;
  return (
    <Suspense fallback={null}>
      <QuizDialog />
    </Suspense>
  );
}
