import {
  fillLetterTemplate,
  LetterTemplateLimitError,
  parseLetterTemplate,
  type LetterMergeData,
} from '@credence/contracts';
import type { Content } from 'pdfmake/interfaces';
import { AppError } from '../../platform/errors.ts';
import { renderPdf } from '../../platform/pdf.ts';

/** `**bold**` spans of a line as pdfmake text pieces (an unpaired `**` stays as typed). */
const inline = (line: string): Content => {
  const parts = line.split('**');
  if (parts.length < 3) return { text: line };
  const pieces = parts.map((text, i) => ({ text, bold: i % 2 === 1 && i < parts.length - 1 }));
  if (parts.length % 2 === 0) pieces[pieces.length - 1] = { text: `**${parts.at(-1)!}`, bold: false };
  return { text: pieces.filter((p) => p.text !== '') };
};

/**
 * A filled template's text as letter content: a blank line ends a paragraph (its lines kept as typed — addresses
 * are several lines), `# ` a heading, `## ` a subheading, consecutive `- ` lines a bulleted list.
 */
export const letterContent = (text: string): Content[] => {
  const content: Content[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    let paragraph: string[] = [];
    let bullets: string[] = [];
    const endParagraph = () => {
      if (paragraph.length > 0) {
        content.push({ stack: paragraph.map(inline), margin: [0, 0, 0, 7] });
        paragraph = [];
      }
    };
    const endBullets = () => {
      if (bullets.length > 0) {
        content.push({ ul: bullets.map(inline), margin: [8, 0, 0, 7] });
        bullets = [];
      }
    };
    for (const raw of lines) {
      const line = raw.trimEnd();
      if (/^##\s/.test(line)) {
        endParagraph();
        endBullets();
        content.push({ text: line.replace(/^##\s+/, ''), fontSize: 11, bold: true, margin: [0, 4, 0, 4] });
      } else if (/^#\s/.test(line)) {
        endParagraph();
        endBullets();
        content.push({ text: line.replace(/^#\s+/, ''), fontSize: 14, bold: true, margin: [0, 6, 0, 8] });
      } else if (/^\s*[-•]\s/.test(line)) {
        endParagraph();
        bullets.push(line.replace(/^\s*[-•]\s+/, ''));
      } else {
        endBullets();
        paragraph.push(line);
      }
    }
    endParagraph();
    endBullets();
  }
  return content;
};

/**
 * A template filled with a letter's data, within the template bounds (contracts `letterTemplateLimits`: depth,
 * output characters, merge steps — issue 30 items 3 and 12). Every letter path (the adverse action notice, the
 * credit score disclosure, the preview) fills through here, so a template stored before the bounds (or written to
 * the table by other means) stops at its first step over them: 422 VALIDATION on `body` with the bound's text (the
 * message carries the text too, as the worksheets show a letter's error message), never seconds of work or a 500.
 */
export const fillLetter = (body: string, data: LetterMergeData): string => {
  try {
    return fillLetterTemplate(parseLetterTemplate(body).nodes, data);
  } catch (error) {
    if (error instanceof LetterTemplateLimitError) {
      throw new AppError(422, 'VALIDATION', error.message, [{ field: 'body', message: error.message }]);
    }
    throw error;
  }
};

/**
 * A template filled with a letter's data and printed (spec 3 §9: letter paper; margins top 6 mm, left 6 mm,
 * right 6 mm, bottom 15 mm; dates MM/dd/yyyy — the data carries them formatted).
 */
export const renderLetterPdf = async (
  body: string,
  data: LetterMergeData,
  options: { title: string; footer: string; owner?: number },
) => {
  const text = fillLetter(body, data);
  return renderPdf(
    {
      title: options.title,
      footer: options.footer,
      marginsMm: [6, 6, 6, 15],
      content: [{ stack: letterContent(text), fontSize: 9.5, lineHeight: 1.15 }],
    },
    options.owner,
  );
};
