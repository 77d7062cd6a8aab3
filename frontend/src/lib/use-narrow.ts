import { useEffect, useState } from 'react';

/** Below Cloudscape's small breakpoint (a phone held upright): lists become cards. */
export const NARROW = '(max-width: 688px)';

export function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const media = window.matchMedia(NARROW);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}
