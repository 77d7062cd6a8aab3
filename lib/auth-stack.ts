import { Aws, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderGoogle,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PASSWORD_POLICY } from '../contracts/password-policy.ts';

interface GoogleFederation {
  clientId: string;
  /** Name of the Secrets Manager secret holding the Google OAuth client secret (plain string). */
  clientSecretName: string;
}

interface AuthStackProps extends StackProps {
  stage: string;
  /**
   * Cognito Plus tier with threat protection enforced (compromised credentials, adaptive auth).
   * Billed per monthly active user with no free tier.
   */
  threatProtection: boolean;
  /** Sign in with Google; needs `webOrigin` for the OAuth callback. */
  google?: GoogleFederation;
  /** `https://app.example.org`: OAuth callback and sign-out URL (Google only). */
  webOrigin?: string;
  /** Hosted sign-in domain prefix (Google only), unique per region. */
  authDomainPrefix?: string;
}

/**
 * The user pool (docs/ARCHITECTURE.md "Identity and sessions"): email sign-in, free self sign-up for individual pilots, email
 * verification and recovery, and one public web client used by Amplify Auth.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** `<prefix>.auth.<region>.amazoncognito.com` when Google federation is configured. */
  readonly oauthDomain?: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const prod = props.stage === 'prod';

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `windsock-${props.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        ...PASSWORD_POLICY,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: props.threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(props.threatProtection && {
        standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      }),
      deletionProtection: prod,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP) so that pilots who register for free can opt in; requiring it at sign-up would ' +
        'shut out occasional club members. Authorization data never rides in the token (docs/ARCHITECTURE.md "Identity and sessions").',
    });
    if (!props.threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection (Plus tier) is switched off for this stage (context windsock:threatProtection, on by ' +
          'default in prod): Plus is billed per monthly active user with no free tier, and non-prod pools hold test ' +
          'accounts only.',
      });
    }

    const providers = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      if (!props.webOrigin) {
        throw new Error(
          'Google sign-in needs context windsock:domainName: the OAuth callback must be a fixed origin',
        );
      }
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
          familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
        },
      });
      providers.push(UserPoolClientIdentityProvider.GOOGLE);
      const domain = this.userPool.addDomain('HostedDomain', {
        cognitoDomain: {
          domainPrefix: props.authDomainPrefix ?? `windsock-${props.stage}-${Aws.ACCOUNT_ID}`,
        },
      });
      this.oauthDomain = `${domain.domainName}.auth.${this.region}.amazoncognito.com`;
    }

    // A browser cannot keep a secret: no client secret. USER_PASSWORD_AUTH is what the local
    // cognito-local supports (docs/ARCHITECTURE.md "Identity and sessions"); SRP is what Amplify uses against Cognito.
    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `windsock-${props.stage}-web`,
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: providers,
      ...(google && props.webOrigin
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: [`${props.webOrigin}/`],
              logoutUrls: [`${props.webOrigin}/`],
            },
          }
        : { disableOAuth: true }),
    });
    if (google) this.webClient.node.addDependency(google);
  }
}
