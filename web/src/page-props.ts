// What a page module is, apart from the route table that loads the pages (a page importing the
// table was a cycle, issue 29).
import type { ComponentType } from 'react';

/** Props every page receives from the shell. */
export interface PageProps {
  /** Named route parameters (for example `product` of /member/{product}-balance). */
  params: Record<string, string>;
}

export type PageModule = { default: ComponentType<PageProps> };
