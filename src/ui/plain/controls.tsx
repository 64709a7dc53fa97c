import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './plain.css';

export type ButtonVariant = 'solid' | 'outline' | 'ghost' | 'subtle';
export type ButtonPalette = 'primary' | 'secondary' | 'red' | 'gray';

export interface ButtonLook {
  variant?: ButtonVariant;
  palette?: ButtonPalette;
  size?: 'sm' | 'md' | 'lg';
  /** An icon alone: 48 x 48. */
  icon?: boolean;
  /** White on the brand-coloured app bar. */
  onBrand?: boolean;
  full?: boolean;
  className?: string;
}

/** The class of a button, or of a link drawn as one (plain.css): one look for both. */
export function buttonClass({ variant = 'solid', palette = 'primary', size = 'md', icon, onBrand, full, className }: ButtonLook = {}): string {
  const classes = ['btn', `btn--${variant}`, `btn--${palette}`, `btn--${size}`];
  if (icon) classes.push('btn--icon');
  if (onBrand) classes.push('btn--on-brand');
  if (full) classes.push('btn--full');
  if (className) classes.push(className);
  return classes.join(' ');
}

type Props = ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & { loading?: boolean; children?: ReactNode };

/** A button without Chakra's runtime; `loading` keeps its label, shows a spinner and takes no tap. */
export function Button({ variant, palette, size, icon, onBrand, full, className, loading = false, disabled, children, type = 'button', ...rest }: Props) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, palette, size, icon, onBrand, full, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

/** A turning ring in the current text colour. `label`: said by screen readers (role img). */
export function Spinner({ size, label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const className = size && size !== 'md' ? `spinner spinner--${size}` : 'spinner';
  return label ? <span className={className} role="img" aria-label={label} /> : <span className={className} aria-hidden="true" />;
}

/** Text said by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
