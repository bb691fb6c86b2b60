import { useState, type ReactNode } from 'react';

/**
 * A league's logo, decorative beside its name. When the image is missing or broken, `fallback`
 * (the league's flag, or a placeholder) takes its place rather than the broken-image icon.
 */
export function LeagueLogo({
  src,
  size,
  fallback,
}: {
  src: string | null | undefined;
  size: number;
  fallback: ReactNode;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (src === null || src === undefined || src === '' || broken === src) return fallback;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      decoding="async"
      onError={() => setBroken(src)}
      className="shrink-0 object-contain"
      style={{ width: size, height: size }}
    />
  );
}
