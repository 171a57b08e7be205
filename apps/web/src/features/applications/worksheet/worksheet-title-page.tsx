/**
 * A worksheet not built yet (credit, decision, funding requirements, funding, sales, closing summary): the
 * worksheet frame shows its title, header and tabs; the page itself has nothing more yet.
 */
export const WorksheetTitlePage = () => null;
