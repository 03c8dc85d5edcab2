import { useState } from 'react';
import { quizQuestions, quizResult, type QuizResult } from '../../lib/quiz';
import { closeQuiz, openCallModal } from '../../stores/dialogs';
import { Modal } from '../dialog/Modal';
import './quiz.css';

export default function QuizDialog() {
  const [result, setResult] = useState<QuizResult | null>(null);
  // The quiz dialog closes and the result dialog opens in its place.
  return result ? <ResultDialog result={result} /> : <QuestionsDialog onDone={setResult} />;
}

function QuestionsDialog({ onDone }: { onDone: (result: QuizResult) => void }) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<(number | null)[]>(() => quizQuestions.map(() => null));
  const question = quizQuestions[index];
  if (!question) return null;
  const chosen = answers[index] ?? null;
  const isLast = index === quizQuestions.length - 1;
  const total = quizQuestions.length;
  // Progress counts the questions already behind the visitor.
  const progress = Math.round((index / total) * 100);

  const choose = (option: number) =>
    setAnswers((current) => current.map((value, at) => (at === index ? option : value)));
  const next = () => {
    if (chosen === null) return;
    if (isLast) onDone(quizResult(answers));
    else setIndex(index + 1);
  };

  return (
    <Modal labelledBy="quiz-title" describedBy="quiz-step" onClose={closeQuiz} testId="quiz-dialog">
      <div className="modal-head">
        <span className="modal-eyebrow">AI career vulnerability check</span>
        <h2 id="quiz-title">How exposed is your role to AI?</h2>
      </div>
      <div className="quiz-progress">
        <p id="quiz-step" aria-live="polite">
          Question {index + 1} of {total}
        </p>
        <div
          className="quiz-bar"
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
      </div>
      <form
        className="quiz-question"
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <fieldset key={question.id}>
          <legend>{question.question}</legend>
          <div className="quiz-options">
            {question.options.map((option, at) => (
              <label key={option.label} className="quiz-option" data-selected={chosen === at}>
                <input type="radio" name={question.id} value={at} checked={chosen === at} onChange={() => choose(at)} />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="modal-actions quiz-actions">
          <button type="button" className="btn btn-ghost" disabled={index === 0} onClick={() => setIndex(index - 1)}>
            Back
          </button>
          <button type="submit" className="btn btn-secondary" disabled={chosen === null}>
            {isLast ? 'Get Results' : 'Next'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ResultDialog({ result }: { result: QuizResult }) {
  const { percent, band } = result;
  const bookCall = () => {
    closeQuiz();
    openCallModal({ source: 'quiz', quizScore: percent });
  };
  return (
    <Modal labelledBy="quiz-result-title" describedBy="quiz-result-message" onClose={closeQuiz} testId="quiz-result">
      <div className="quiz-result" data-band={band.id}>
        <span className="modal-eyebrow">Your result</span>
        <div className="quiz-score">
          <span className="quiz-score-value" data-testid="quiz-score">
            {percent}%
          </span>
          <span className="quiz-score-label">AI resilience score</span>
        </div>
        <h2 id="quiz-result-title">{band.title}</h2>
        <p id="quiz-result-message">{band.message}</p>
        <p className="quiz-urgency">
          <strong>What to do:</strong> {band.urgency}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={closeQuiz}>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={bookCall}>
            Book call
          </button>
        </div>
      </div>
    </Modal>
  );
}
