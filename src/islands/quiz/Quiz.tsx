import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $quizOpen } from '../../stores/dialogs';

// Renders nothing until a `data-open-quiz` trigger is used; the questions,
// scoring and dialogs load on demand.
const loadDialog = () => import('./QuizDialog');
const QuizDialog = lazy(loadDialog);

export default function Quiz() {
  const open = useStore($quizOpen);

  useEffect(() => {
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

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuizDialog />
    </Suspense>
  );
}
