import ContentLayout from '@cloudscape-design/components/content-layout';
import { Navigate, useParams } from 'react-router-dom';
import { hrefOf } from '../../lib/navigation.ts';
import { MessageForm } from './message-form.tsx';
import { MessageView } from './message-view.tsx';

/** message/{edit_type}/{id?} (message-edit): `new`, `edit/{id}` or `view/{id}`. */
export default function MessageEditPage() {
  const { edit_type: editType, id } = useParams();
  if (editType === 'view' && id)
    return (
      <ContentLayout>
        <MessageView messageId={id} />
      </ContentLayout>
    );
  if (editType === 'new' || (editType === 'edit' && id))
    return (
      <ContentLayout>
        <MessageForm key={id ?? 'new'} messageId={editType === 'edit' ? id : undefined} />
      </ContentLayout>
    );
  return <Navigate to={hrefOf('messages')} replace />;
}
