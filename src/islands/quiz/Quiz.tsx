import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $quizOpen } from '../../stores/dialogs';

// Renders nothing until a `data-open-quiz` trigger is used; the questions,
// scoring and dialogs load on demand.
const loadDialog = () => import('./QuizDialog');
const QuizDialog = lazy(loadDialog);

export default function Quiz() {
  const open = useStore($quizOpen);
  // False until hydrated, so the first render matches the empty server HTML even when a
  // request made before hydration is already waiting in the store.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const warm = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-open-quiz]')) void loadDialog();
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!hydrated || !open) return <></>;
  return (
    <Suspense fallback={null}>
      <QuizDialog />
    </Suspense>
  );
}
