import { useNavigate } from 'react-router-dom';

/** Cloudscape links and menus render real hrefs; this keeps a plain click inside the single-page app. */
export const useFollow = () => {
  const navigate = useNavigate();
  return (event: CustomEvent<{ href?: string; external?: boolean }>) => {
    if (event.detail.external || !event.detail.href) return;
    event.preventDefault();
    navigate(event.detail.href);
  };
};
