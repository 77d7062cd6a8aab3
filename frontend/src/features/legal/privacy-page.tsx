import { PrivacyPage } from './legal-page.tsx';

export default PrivacyPage;
