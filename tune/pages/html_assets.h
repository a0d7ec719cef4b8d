/* html_assets.h: the page's CSS and script (tune/pages/html/page.css and page.js), turned into C
 * strings at build time (scripts/embed_assets.sh writes $(BUILD)/gen/html_assets.c). */
#ifndef MAXTUNE_HTML_ASSETS_H
#define MAXTUNE_HTML_ASSETS_H

extern const char html_asset_css[];
extern const char html_asset_js[];

#endif
