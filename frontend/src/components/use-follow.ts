/**
 * Kept for the screens that import it: following a link goes through the page table's guard
 * (app/links.tsx, issue 13 §2). New code imports useFollow, PageLink or PageButton from there.
 */
export { useFollow } from '../app/links.tsx';
