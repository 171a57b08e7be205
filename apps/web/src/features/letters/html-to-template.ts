/**
 * An uploaded .html letter as the template's text (the Letters editor): headings become `# ` / `## ` lines, list
 * items `- ` lines, paragraphs and line breaks are kept, bold is `**…**`; scripts, styles and every other tag are
 * dropped — only text is kept, nothing of the page runs.
 */
export const htmlToTemplate = (html: string): string => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, head, noscript, template, iframe, object').forEach((n) => n.remove());
  const out: string[] = [];
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
    if (!(node instanceof Element)) return '';
    const inner = () => [...node.childNodes].map(walk).join('');
    switch (node.tagName.toLowerCase()) {
      case 'br':
        return '\n';
      case 'strong':
      case 'b': {
        const text = inner().trim();
        return text ? `**${text}**` : '';
      }
      case 'h1':
        out.push(`# ${inner().trim()}`, '');
        return '';
      case 'h2':
      case 'h3':
      case 'h4':
        out.push(`## ${inner().trim()}`);
        return '';
      case 'li':
        out.push(`- ${inner().trim()}`);
        return '';
      case 'ul':
      case 'ol':
        // Text between the items (a {{#list}} … {{/list}} section around them) keeps its own line.
        for (const child of node.childNodes) {
          const text = walk(child).trim();
          if (text) out.push(text);
        }
        out.push('');
        return '';
      case 'p':
      case 'div':
      case 'address':
      case 'section': {
        const text = inner()
          .split('\n')
          .map((l) => l.trim())
          .join('\n')
          .trim();
        if (text) out.push(text, '');
        return '';
      }
      default:
        return inner();
    }
  };
  for (const child of doc.body.childNodes) {
    const text = walk(child).trim();
    if (text) out.push(text, '');
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
