import { PageTitle } from './page-title.tsx';

/** An area that is routed but not built yet: its title and nothing else. */
export const TitleOnlyPage = ({ title }: { title: string }) => <PageTitle>{title}</PageTitle>;
