import type { CSSProperties } from 'react';

/** The first letters of a shown name's first two words ("Molnár Anna" → "MA"). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '')
    .join('');

/**
 * A person's small round picture beside their name (the member list, the member view), or their
 * initials on the grey of Cloudscape's shaded cells where they have none. Decorative: the name
 * stands beside it, so it says nothing to a screen reader.
 */
export function MemberAvatar({
  name,
  url,
  size = 24,
  testId,
}: {
  name: string;
  url: string | null;
  size?: number;
  testId?: string;
}) {
  const round: CSSProperties = {
    inlineSize: size,
    blockSize: size,
    minInlineSize: size,
    borderRadius: '50%',
    verticalAlign: 'middle',
  };
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        style={{ ...round, objectFit: 'cover' }}
        data-testid={testId}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{
        ...round,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#e9ebed',
        color: '#414d5c',
        fontSize: Math.round(size * 0.42),
        fontWeight: 700,
        lineHeight: 1,
      }}
      data-testid={testId}
    >
      {initialsOf(name)}
    </span>
  );
}
