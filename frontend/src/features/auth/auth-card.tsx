import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { ReactNode } from 'react';

/** The framed column the public screens share. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Box padding={{ top: 'xl' }}>
      <Container
        header={
          <Header variant="h1" description={description}>
            {title}
          </Header>
        }
      >
        {children}
      </Container>
    </Box>
  );
}
