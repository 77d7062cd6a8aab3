import type { Plugin } from 'vite';

const INTERNAL = /@cloudscape-design[\\/]components[\\/]app-layout[\\/]internal\.js$/;

/** The chooser as Cloudscape 3.0.x ships it; anything else fails the build so this is looked at again. */
const SHIPPED = [
  "import ClassicAppLayout from './classic';",
  "import { useAppLayoutFlagEnabled } from './utils/feature-flags';",
  "import RefreshedAppLayout from './visual-refresh';",
  "import ToolbarAppLayout from './visual-refresh-toolbar';",
  'const isRefresh = useVisualRefresh();',
  'const isToolbar = useAppLayoutFlagEnabled();',
];

/**
 * Cloudscape's AppLayout (app-layout/internal.js) carries three implementations and picks one when
 * it renders: classic (never: this build of Cloudscape is always visual refresh), the toolbar
 * design (only behind global flags nobody here sets) and the visual refresh one, the one this app
 * shows. The other two, with the drag-and-drop library the toolbar's drawers use, are ~30 kB gzip
 * that every signed-in screen downloaded and never ran. The build gets the visual refresh layout
 * alone; a Cloudscape whose chooser reads differently stops the build instead of guessing.
 */
export function appLayoutRefreshOnly(): Plugin {
  return {
    name: 'windsock:app-layout-refresh-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!INTERNAL.test(id)) return;
      const missing = SHIPPED.filter((line) => !code.includes(line));
      if (missing.length > 0)
        this.error(
          `app-layout-refresh-only: Cloudscape's app-layout/internal.js changed (${missing[0]}); review the plugin`,
        );
      return {
        code: [
          "import React from 'react';",
          "import RefreshedAppLayout from './visual-refresh';",
          'export const AppLayoutInternal = React.forwardRef((props, ref) =>',
          '  React.createElement(RefreshedAppLayout, { ref, ...props }));',
        ].join('\n'),
        map: null,
      };
    },
  };
}
