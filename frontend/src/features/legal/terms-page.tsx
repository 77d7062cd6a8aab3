import { TermsPage } from './legal-page.tsx';

export default TermsPage;
