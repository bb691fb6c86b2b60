/**
 * The page of a story of its own (a preview, a round-up, a rumour), `/news/<story>`, named
 * after its guid: the article page finds the story that links there.
 */
export function toStoryPath(guid: string): string {
  return `/news/${encodeURIComponent(guid.replace(/^touchline:/, '').replace(/:/g, '-'))}`;
}
