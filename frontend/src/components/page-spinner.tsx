import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

/** While a screen's code or strings arrive. No text: the strings may be what is loading. */
export function PageSpinner() {
  return (
    <Box textAlign="center" padding="xxl">
      <Spinner size="large" />
    </Box>
  );
}
