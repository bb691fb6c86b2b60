import { useState } from 'react';

/** A club crest that hides itself (keeping its space) when the image is missing or broken. */
export function Shield({
  src,
  size = 24,
  className = '',
}: {
  src: string | undefined;
  size?: number;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size };
  if (src === undefined || src === '' || broken) {
    return (
      <span
        aria-hidden="true"
        className={`inline-block shrink-0 rounded-full bg-line ${className}`}
        style={box}
      />
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={`shrink-0 object-contain ${className}`}
      style={box}
    />
  );
}
