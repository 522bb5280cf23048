/**
 * The home widget's frame (docs/SECURITY.md#home-widget-html): its one
 * stylesheet and that stylesheet's hash. The product's pages allow no inline
 * style, and a frame made from `srcdoc` keeps its page's policy: the page's
 * Content-Security-Policy names this hash (server), the frame's own policy
 * too (client), so that exactly this text may style the block and nothing
 * else may. The theme's colours reach the frame as the body's colour
 * attributes, its font as the body's class ('roboto' or none for Lato).
 * Change the text and the hash together (a server test checks them).
 */
export const HOME_FRAME_STYLESHEET =
  "body{margin:0;padding:16px 20px;font:14px/1.5 'Lato',system-ui,-apple-system,'Segoe UI','Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;overflow-wrap:anywhere}" +
  "body.roboto{font-family:'Roboto',system-ui,-apple-system,'Segoe UI','Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif}" +
  'h1,h2,h3,h4{line-height:1.25;margin:0 0 .5em}p{margin:0 0 .75em}img,svg,video{max-width:100%;height:auto}' +
  'table{border-collapse:collapse;max-width:100%}td,th{border:1px solid color-mix(in srgb,currentColor 25%,transparent);padding:4px 8px}' +
  'hr{border:0;border-top:1px solid color-mix(in srgb,currentColor 25%,transparent)}';

/** The CSP source of HOME_FRAME_STYLESHEET (its SHA-256, base64). */
export const HOME_FRAME_STYLE_HASH = "'sha256-M39Md+J6lY7RTq6Htn92dl33Bx9EkE8eFQ9Ys4scbfg='";
