import type { ReactNode } from 'react';
import { editorCategories } from '../../../lib/schemas/aiDrafting';
import type { BlogCategory } from '../../../lib/schemas/blogPost';
import type { EditorErrors, EditorField, EditorValues } from './editorForm';

interface Props {
  idPrefix: string;
  values: EditorValues;
  errors: EditorErrors;
  onChange: <F extends EditorField>(field: F, value: EditorValues[F]) => void;
  /** Placed right under the content (the improvement panel). */
  afterContent?: ReactNode;
}

/** The post's own fields (docs/admin.md, "Views"), each with its error under it. */
export function PostFields({ idPrefix, values, errors, onChange, afterContent }: Props) {
  const ids = (name: EditorField) => ({
    id: `${idPrefix}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [
        errors[name] ? `${idPrefix}-${name}-error` : '',
        name === 'imageUrl' || name === 'content' ? `${idPrefix}-${name}-hint` : '',
      ]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const error = (name: EditorField) =>
    errors[name] ? (
      <p className="error" id={`${idPrefix}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const text = (name: 'title' | 'excerpt' | 'content' | 'imageUrl') => ({
    ...ids(name),
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });

  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-title`}>
          Title{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input {...text('title')} required maxLength={160} autoComplete="off" />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-excerpt`}>
          Excerpt{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea {...text('excerpt')} required rows={3} maxLength={400} />
        {error('excerpt')}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-content`}>
          Content{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea {...text('content')} required rows={15} className="adm-editor-content" />
        <p className="adm-field-hint" id={`${idPrefix}-content-hint`}>
          Markdown: a blank line starts a paragraph; ## for headings, - for lists, [text](https://…) for links.
        </p>
        {error('content')}
      </div>
      {afterContent}
      <div className="adm-editor-pair">
        <div className="field">
          <label htmlFor={`${idPrefix}-category`}>Category</label>
          <select
            {...ids('category')}
            value={values.category}
            onChange={(event) => onChange('category', event.target.value as BlogCategory)}
          >
            {editorCategories.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-imageUrl`}>Image URL (optional)</label>
          <input {...text('imageUrl')} type="url" inputMode="url" autoComplete="off" placeholder="https://" />
          <p className="adm-field-hint" id={`${idPrefix}-imageUrl-hint`}>
            An https:// address; without one the post uses the default image.
          </p>
          {error('imageUrl')}
        </div>
      </div>
      <div className="adm-switch-row">
        <input
          type="checkbox"
          role="switch"
          className="adm-switch"
          {...ids('published')}
          checked={values.published}
          onChange={(event) => onChange('published', event.target.checked)}
        />
        <label htmlFor={`${idPrefix}-published`}>Published</label>
        <span className="adm-switch-state" aria-hidden="true">
          {values.published ? 'On the public blog after saving' : 'Draft: only you can see it'}
        </span>
        {error('published')}
      </div>
    </>
  );
}
