import { type FormEvent, useId, useState } from 'react';
import {
  blogLengths,
  blogTones,
  editorCategories,
  lengthBands,
  type BlogLength,
  type BlogTone,
} from '../../../lib/schemas/aiDrafting';
import { DEFAULT_BLOG_CATEGORY, type BlogCategory } from '../../../lib/schemas/blogPost';
import { toast } from '../../../stores/toasts';
import { AiBusy } from './AiBusy';
import { AiPanel } from './AiPanel';
import type { Generation } from './useGeneration';

const toneLabels: Record<BlogTone, string> = {
  professional: 'Professional',
  conversational: 'Conversational',
  educational: 'Educational',
  casual: 'Casual',
};
const lengthLabel = (length: BlogLength) => {
  const band = lengthBands[length];
  const name = length[0]?.toUpperCase() + length.slice(1);
  return `${name} (${band.min.toLocaleString('en-IN')}–${band.max.toLocaleString('en-IN')})`;
};

/** The AI generation panel (create mode only): a topic and a few choices become a stored draft (docs/blog.md). */
export function GeneratePanel({ generation, unavailable }: { generation: Generation; unavailable: string | null }) {
  const id = useId();
  const [topic, setTopic] = useState('');
  const [tone, setTone] = useState<BlogTone>('professional');
  const [length, setLength] = useState<BlogLength>('medium');
  const [category, setCategory] = useState<BlogCategory>(DEFAULT_BLOG_CATEGORY);
  const [keywords, setKeywords] = useState('');
  const busy = generation.running !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (topic.trim() === '') {
      toast({
        title: 'Topic Required',
        description: 'Please enter a topic for blog generation.',
        variant: 'destructive',
      });
      return;
    }
    void generation.start({ topic: topic.trim(), tone, length, category, keywords });
  };

  return (
    <AiPanel title="Draft with AI" unavailable={unavailable}>
      {unavailable ? null : (
        <>
          <p className="adm-ai-hint">
            The draft is saved in storage as soon as it is written, never published by the AI. Keep editing meanwhile.
          </p>
          <form className="adm-ai-form" onSubmit={submit} noValidate aria-label="Generate a draft with AI">
            <div className="field adm-ai-topic">
              <label htmlFor={`${id}-topic`}>Topic</label>
              <input
                id={`${id}-topic`}
                value={topic}
                onChange={(event) => setTopic(event.target.value)}
                maxLength={200}
                autoComplete="off"
                placeholder="e.g. Moving from engineering into product management"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-tone`}>Tone</label>
              <select id={`${id}-tone`} value={tone} onChange={(event) => setTone(event.target.value as BlogTone)}>
                {blogTones.map((value) => (
                  <option key={value} value={value}>
                    {toneLabels[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-length`}>Length (words)</label>
              <select
                id={`${id}-length`}
                value={length}
                onChange={(event) => setLength(event.target.value as BlogLength)}
              >
                {blogLengths.map((value) => (
                  <option key={value} value={value}>
                    {lengthLabel(value)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-category`}>Category</label>
              <select
                id={`${id}-category`}
                value={category}
                onChange={(event) => setCategory(event.target.value as BlogCategory)}
              >
                {editorCategories.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            </div>
            <div className="field adm-ai-keywords">
              <label htmlFor={`${id}-keywords`}>Keywords</label>
              <input
                id={`${id}-keywords`}
                value={keywords}
                onChange={(event) => setKeywords(event.target.value)}
                aria-describedby={`${id}-keywords-hint`}
                autoComplete="off"
              />
              <p className="adm-field-hint" id={`${id}-keywords-hint`}>
                Separate with commas.
              </p>
            </div>
            <div className="adm-ai-actions">
              <button type="submit" className="btn btn-secondary adm-btn-sm" disabled={busy}>
                {busy ? 'Generating…' : 'Generate draft'}
              </button>
              <AiBusy startedAt={generation.running?.startedAt ?? null}>Writing the draft…</AiBusy>
            </div>
          </form>
        </>
      )}
    </AiPanel>
  );
}
