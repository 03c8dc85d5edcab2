import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A view's title. When the owner moves to another view its heading takes the focus, so a
 * screen reader says where they are and the next Tab starts in the view, not in the bar.
 */
export function ViewHeading({ title, children, focus }: { title: string; children?: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <div className="adm-title">
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
