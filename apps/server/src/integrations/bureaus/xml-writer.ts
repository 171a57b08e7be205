/**
 * A small XML writer for the sandbox's MISMO responses: elements with attributes in the order given, two-space
 * indentation, every text escaped. Attributes whose value is null or undefined are left out.
 */
export type XmlAttributes = Record<string, string | number | null | undefined>;
export type XmlNode = { name: string; attributes: XmlAttributes; children: XmlNode[]; text?: string };

export const el = (name: string, attributes: XmlAttributes = {}, children: (XmlNode | null)[] = []): XmlNode => ({
  name,
  attributes,
  children: children.filter((c): c is XmlNode => c !== null),
});

export const textEl = (name: string, text: string, attributes: XmlAttributes = {}): XmlNode => ({
  name,
  attributes,
  children: [],
  text,
});

const escapeXml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const renderAttributes = (attributes: XmlAttributes): string =>
  Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');

const render = (node: XmlNode, depth: number): string => {
  const pad = '  '.repeat(depth);
  const open = `${pad}<${node.name}${renderAttributes(node.attributes)}`;
  if (node.text !== undefined) return `${open}>${escapeXml(node.text)}</${node.name}>`;
  if (node.children.length === 0) return `${open}/>`;
  return [`${open}>`, ...node.children.map((c) => render(c, depth + 1)), `${pad}</${node.name}>`].join('\n');
};

/** The document with its XML declaration, ending in a newline. */
export const renderXmlDocument = (root: XmlNode): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`;
